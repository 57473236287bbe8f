import type { ApiArea, FunctionSpec, HttpMethod, Need, Scope } from '../../functions/handlers/manifest';

/**
 * Test only: the routes the screens of the three spec documents will need (accounts and archive, the
 * transaction lists, corrections, classification, cleanup, verification, matching, uploads, family members
 * and invitations, subscription checkout, the catalogue, insights pages, the assistant, feedback), beyond the
 * ones the manifest has today. stack-size.test.ts synthesizes the app with them to show the API stack stays
 * under its resource budget as the API grows to about 70 routes.
 */
const PLANNED: Array<[ApiArea, HttpMethod, string, Scope, Need[]]> = [
  ['accounts', 'GET', '/api/accounts/archived', 'member', ['table:read']],
  ['accounts', 'PUT', '/api/accounts/{id}/services', 'member', ['table:read', 'table:write']],
  ['accounts', 'GET', '/api/accounts/freshness', 'member', ['table:read']],
  ['accounts', 'GET', '/api/accounts/{id}/freshness', 'member', ['table:read']],
  ['accounts', 'POST', '/api/accounts/sync-institutions', 'member', ['table:read', 'table:write']],
  ['transactions', 'GET', '/api/transactions/{id}', 'member', ['table:read']],
  ['transactions', 'GET', '/api/transactions/range', 'member', ['table:read']],
  ['transactions', 'GET', '/api/transactions/counts', 'member', ['table:read']],
  ['transactions', 'GET', '/api/transactions/export', 'member', ['table:read']],
  ['transactions', 'PATCH', '/api/transactions/{id}/flow-type', 'member', ['table:read', 'table:write']],
  [
    'transactions',
    'POST',
    '/api/transactions/{id}/classify',
    'member',
    ['table:read', 'table:write', 'bedrock'],
  ],
  ['transactions', 'GET', '/api/matches/rejected', 'member', ['table:read']],
  ['uploads', 'GET', '/api/uploads', 'member', ['table:read']],
  ['uploads', 'GET', '/api/uploads/{id}/transactions', 'member', ['table:read']],
  ['family', 'PATCH', '/api/family', 'admin', ['table:read', 'table:write']],
  ['family', 'GET', '/api/family/audit', 'member', ['table:read']],
  ['institutions', 'GET', '/api/institutions/{id}', 'user', ['table:read']],
  ['insights', 'GET', '/api/insights/flow', 'member', ['table:read']],
  ['insights', 'GET', '/api/insights/performance', 'member', ['table:read']],
  ['insights', 'GET', '/api/insights/data-quality', 'member', ['table:read']],
  ['insights', 'GET', '/api/insights/available-range', 'member', ['table:read']],
  ['assistant', 'DELETE', '/api/assistant/conversations/{id}', 'member', ['table:read', 'table:write']],
];

export const PLANNED_ROUTES: FunctionSpec[] = PLANNED.map(([area, method, path, scope, needs], i) => ({
  id: `Planned${i}`,
  entry: 'tests/infra/fixtures/planned-area.ts',
  trigger: { type: 'http', area, routes: [{ method, path, scope }] },
  needs,
}));
