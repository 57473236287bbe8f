/**
 * The pure domain core, shared by the Lambda handlers and the web app. See ./README.md for the rule modules,
 * the spec sections they implement and every deliberate departure from the spec.
 */
export * from './accounts';
export * from './ai-result';
export * from './billing';
export * from './cleanup';
export * from './corrections';
export * from './csv';
export * from './dates';
export * from './flow-direction';
export * from './flow-types';
export * from './format';
export * from './freshness';
export * from './identity';
export * from './insights';
export * from './institution-search';
export * from './matching';
export * from './merchants';
export * from './money';
export * from './percentage-change';
export * from './performance';
export * from './periods';
export * from './rollups';
export * from './rule-classifier';
export * from './similarity';
export * from './spending';
export * from './subscription';
export * from './types';
export * from './upload-validation';
export * from './validation';
export * from './verification';
