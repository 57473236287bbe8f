import type { PipelineTask } from '../contracts/pipeline-states';

/**
 * Every Lambda function of the product, described once. The CDK stacks create one function per entry (with
 * exactly the permissions in `needs`), the API stack routes `routes` to it behind the JWT authorizer unless
 * `public`, the pipeline binds `task` states, and the local twin and `npm run invoke` load the same modules.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface HttpRoute {
  method: HttpMethod;
  /** API Gateway v2 route path, e.g. /api/uploads/{id} */
  path: string;
  /** No JWT needed (health, sign-in helpers, webhooks). Everything else is behind the authorizer. */
  public?: boolean;
}

export type Need =
  | 'table:read'
  | 'table:write'
  | 'uploads:read'
  | 'uploads:write'
  | 'uploads:delete'
  /** s3:ListBucket: without it, reading a key that is not there answers AccessDenied, not NoSuchKey. */
  | 'uploads:list'
  | 'pipeline:start'
  | 'textract'
  | 'bedrock'
  | 'ses:send'
  | 'magic-link-secret';

export type Trigger =
  | { type: 'http'; routes: HttpRoute[] }
  | { type: 's3-object-created' }
  | { type: 'pipeline'; task: PipelineTask }
  | {
      type: 'cognito';
      trigger: 'defineAuthChallenge' | 'createAuthChallenge' | 'verifyAuthChallengeResponse' | 'preSignUp';
    }
  /**
   * Runs once per deployment: infra wires it as a CloudFormation custom resource (CDK Provider onEvent) so the
   * institution catalogue is seeded on every deploy. The local twin calls the same seed at start.
   */
  | { type: 'seed' };

export interface FunctionSpec {
  /** PascalCase construct id and local handler name, e.g. 'Health'. */
  id: string;
  /** Source file relative to the repository root; exports `handler`. */
  entry: string;
  trigger: Trigger;
  needs: Need[];
  timeoutSeconds?: number;
  memoryMb?: number;
}

const pipeline = (task: PipelineTask, file: string, needs: Need[], extra: Partial<FunctionSpec> = {}) =>
  ({
    id: `Pipeline${task}`,
    entry: `functions/handlers/pipeline/${file}.ts`,
    trigger: { type: 'pipeline', task },
    needs,
    timeoutSeconds: 120,
    ...extra,
  }) satisfies FunctionSpec;

export const FUNCTIONS: FunctionSpec[] = [
  {
    id: 'Health',
    entry: 'functions/handlers/http/health.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/health', public: true }] },
    needs: ['table:read'],
  },
  {
    id: 'CreateUpload',
    entry: 'functions/handlers/http/create-upload.ts',
    trigger: { type: 'http', routes: [{ method: 'POST', path: '/api/uploads' }] },
    needs: ['table:read', 'table:write', 'uploads:write'],
  },
  {
    id: 'GetUpload',
    entry: 'functions/handlers/http/get-upload.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/uploads/{id}' }] },
    needs: ['table:read'],
  },
  {
    id: 'ListAccountTransactions',
    entry: 'functions/handlers/http/list-account-transactions.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/accounts/{id}/transactions' }] },
    needs: ['table:read'],
  },
  {
    id: 'InitialiseFamily',
    entry: 'functions/handlers/http/initialise-family.ts',
    trigger: { type: 'http', routes: [{ method: 'POST', path: '/api/family' }] },
    needs: ['table:read', 'table:write'],
  },
  {
    id: 'GetFamily',
    entry: 'functions/handlers/http/get-family.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/family' }] },
    needs: ['table:read'],
  },
  {
    id: 'GetProfile',
    entry: 'functions/handlers/http/get-profile.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/profile' }] },
    needs: ['table:read'],
  },
  {
    id: 'SaveProfile',
    entry: 'functions/handlers/http/save-profile.ts',
    trigger: { type: 'http', routes: [{ method: 'PUT', path: '/api/profile' }] },
    needs: ['table:read', 'table:write'],
  },
  {
    id: 'InitialiseSubscription',
    entry: 'functions/handlers/http/initialise-subscription.ts',
    trigger: { type: 'http', routes: [{ method: 'POST', path: '/api/subscription' }] },
    needs: ['table:read', 'table:write'],
  },
  {
    id: 'GetSubscription',
    entry: 'functions/handlers/http/get-subscription.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/subscription' }] },
    needs: ['table:read'],
  },
  {
    id: 'ListAccounts',
    entry: 'functions/handlers/http/list-accounts.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/accounts' }] },
    needs: ['table:read'],
  },
  {
    id: 'CreateAccounts',
    entry: 'functions/handlers/http/create-accounts.ts',
    trigger: { type: 'http', routes: [{ method: 'POST', path: '/api/accounts' }] },
    needs: ['table:read', 'table:write'],
  },
  {
    id: 'GetAccount',
    entry: 'functions/handlers/http/get-account.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/accounts/{id}' }] },
    needs: ['table:read'],
  },
  {
    id: 'ListInstitutions',
    entry: 'functions/handlers/http/list-institutions.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/institutions' }] },
    needs: ['table:read'],
  },
  {
    id: 'ListServiceTypes',
    entry: 'functions/handlers/http/list-service-types.ts',
    trigger: { type: 'http', routes: [{ method: 'GET', path: '/api/service-types' }] },
    needs: ['table:read'],
  },
  {
    id: 'S3ObjectCreated',
    entry: 'functions/handlers/triggers/s3-object-created.ts',
    trigger: { type: 's3-object-created' },
    needs: ['pipeline:start'],
  },
  pipeline('Register', 'register', ['table:read', 'table:write', 'uploads:read']),
  pipeline('Extract', 'extract', ['uploads:read', 'uploads:write', 'textract'], { memoryMb: 1024 }),
  pipeline('PollTextract', 'poll-textract', ['uploads:write', 'textract']),
  pipeline('Parse', 'parse', ['table:read', 'table:write', 'uploads:read', 'uploads:write'], {
    memoryMb: 1024,
  }),
  pipeline('Persist', 'persist', ['table:read', 'table:write', 'uploads:read', 'uploads:write']),
  pipeline('Classify', 'classify', ['table:read', 'table:write', 'uploads:read', 'bedrock'], {
    timeoutSeconds: 300,
  }),
  pipeline('Match', 'match', ['table:read', 'table:write', 'uploads:read']),
  pipeline('Finish', 'finish', ['table:read', 'table:write', 'uploads:delete']),
  pipeline('RecordFailure', 'record-failure', [
    'table:read',
    'table:write',
    'uploads:read',
    'uploads:list',
    'uploads:delete',
  ]),
  {
    id: 'Seed',
    entry: 'functions/handlers/triggers/seed.ts',
    trigger: { type: 'seed' },
    needs: ['table:read', 'table:write'],
    timeoutSeconds: 120,
  },
  // Passwordless sign-in: the user pool's custom-auth triggers (functions/contracts/auth.ts has the protocol).
  {
    id: 'DefineAuthChallenge',
    entry: 'functions/handlers/cognito/define-auth-challenge.ts',
    trigger: { type: 'cognito', trigger: 'defineAuthChallenge' },
    needs: [],
  },
  {
    id: 'CreateAuthChallenge',
    entry: 'functions/handlers/cognito/create-auth-challenge.ts',
    trigger: { type: 'cognito', trigger: 'createAuthChallenge' },
    needs: ['table:read', 'table:write', 'ses:send', 'magic-link-secret'],
  },
  {
    id: 'VerifyAuthChallenge',
    entry: 'functions/handlers/cognito/verify-auth-challenge.ts',
    trigger: { type: 'cognito', trigger: 'verifyAuthChallengeResponse' },
    needs: ['table:read', 'table:write', 'magic-link-secret'],
  },
  {
    id: 'PreSignUp',
    entry: 'functions/handlers/cognito/pre-sign-up.ts',
    trigger: { type: 'cognito', trigger: 'preSignUp' },
    needs: ['table:read', 'magic-link-secret'],
  },
];

export function functionById(id: string): FunctionSpec | undefined {
  return FUNCTIONS.find((f) => f.id === id);
}
