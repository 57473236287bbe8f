import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured logger (Powertools). Lambda's request id is added per invocation by the middleware in
 * http.ts / handler.ts. Never log tokens, secrets, e-mail bodies or statement contents.
 */
export const logger = new Logger({
  serviceName: 'family-finance',
  logLevel: (process.env.LOG_LEVEL as 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | undefined) ?? 'INFO',
});
