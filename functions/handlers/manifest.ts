import type { PipelineTask } from '../contracts/pipeline-states';

/**
 * Every Lambda handler of the product, described once. HTTP handlers are one file per route, each declaring
 * its route and the scope of its caller; the API deploys them packaged by area (one function per area, see
 * `apiFunctions`), routing inside on the same table. Every other entry is one function. The CDK stacks build
 * functions with exactly the permissions in `needs`, the API stack routes each route behind the JWT
 * authorizer unless its scope is `public`, the pipeline binds `task` states, and the local twin and
 * `npm run invoke` load the same modules.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route; the HTTP middleware (functions/app/http.ts) enforces it and loads the caller's
 * membership once:
 *  public  no JWT needed (health, sign-in helpers, webhooks); the caller may be anonymous
 *  self    signed in; the route concerns the caller alone, never a family (their own profile), so their
 *          membership is not read
 *  user    signed in; may have no family yet (onboarding, the catalogue)
 *  member  signed in with a family; without one the route answers 404
 *  admin   signed in as the family's admin; a plain member gets 403, no family 404
 */
export const SCOPES = ['public', 'self', 'user', 'member', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

export interface HttpRoute<S extends Scope = Scope> {
  method: HttpMethod;
  /** API Gateway v2 route path, e.g. /api/uploads/{id} */
  path: string;
  scope: S;
}

/**
 * The API's areas: one deployed function each, routing to its routes' handlers (a stack of one function per
 * route passes CloudFormation's 500-resource limit at about 70 routes).
 */
export const API_AREAS = [
  'health',
  'accounts',
  'transactions',
  'uploads',
  /**
   * Statement pages drawn as images (Check Statement): apart from 'uploads' because drawing needs pdf.js and a
   * native canvas, which only this function carries (on x86_64: infra/constructs/pdfjs-layer.ts).
   */
  'pages',
  'family',
  'members',
  'profile',
  'institutions',
  'subscription',
  'insights',
  'assistant',
  'feedback',
] as const;
export type ApiArea = (typeof API_AREAS)[number];

export type Need =
  | 'table:read'
  | 'table:write'
  | 'uploads:read'
  | 'uploads:write'
  | 'uploads:delete'
  /** s3:ListBucket: without it, reading a key that is not there answers AccessDenied, not NoSuchKey. */
  | 'uploads:list'
  | 'pipeline:start'
  /** states:StartExecution on the classification job's state machine (Smart Transaction Review). */
  | 'jobs:start'
  | 'textract'
  | 'bedrock'
  /** bedrock:InvokeModel on the assistant's own model (ASSISTANT_MODEL_ID), not the classifier's. */
  | 'bedrock:assistant'
  | 'ses:send'
  | 'magic-link-secret'
  /** The Stripe keys (STRIPE_SECRET_NAME): the billing (subscription area) function only. */
  | 'stripe-secret';

export type Trigger =
  | { type: 'http'; area: ApiArea; routes: HttpRoute[] }
  | { type: 's3-object-created' }
  | { type: 'pipeline'; task: PipelineTask }
  | {
      type: 'cognito';
      trigger: 'defineAuthChallenge' | 'createAuthChallenge' | 'verifyAuthChallengeResponse' | 'preSignUp';
    }
  /**
   * A background job's worker (Smart Transaction Review's classification), run by its own state machine,
   * which the job's HTTP route starts ('jobs:start').
   */
  | { type: 'job'; job: 'classification' }
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

/** One route's handler: its file under functions/handlers/http/, its area, route, scope and needs. */
export interface HttpFunctionSpec<S extends Scope = Scope> extends FunctionSpec {
  trigger: { type: 'http'; area: ApiArea; routes: [HttpRoute<S>] };
}

const http = <S extends Scope>(
  id: string,
  area: ApiArea,
  file: string,
  route: HttpRoute<S>,
  needs: Need[],
): HttpFunctionSpec<S> => ({
  id,
  entry: `functions/handlers/http/${file}.ts`,
  trigger: { type: 'http', area, routes: [route] },
  needs,
});

const pipeline = (task: PipelineTask, file: string, needs: Need[], extra: Partial<FunctionSpec> = {}) =>
  ({
    id: `Pipeline${task}`,
    entry: `functions/handlers/pipeline/${file}.ts`,
    trigger: { type: 'pipeline', task },
    needs,
    timeoutSeconds: 120,
    ...extra,
  }) satisfies FunctionSpec;

/**
 * The HTTP routes, by handler id. POST /api/family, POST /api/accounts and GET /api/subscription are `user`
 * routes although they concern a family: they are how a newcomer creates one, answer 'Family ID is required'
 * (spec 2 §5) and should_initialize (spec 1 §7) without one. Starting the trial is subscription management,
 * the family admin's (spec 1 §6 roles). Account Setup's routes (rename, archive, restore, the transaction
 * lists and export, an account's statements and removing one) are any member's: spec 2 §6 shows no distinct
 * roles for these features. Upgrading and banner dismissals are any member's (spec 1 §4 shows every member
 * the banners' Upgrade buttons); the billing portal, where the subscription is cancelled, is the admin's; a
 * member is told only the family's admin can do this. Stripe's webhook is public and proves itself by its
 * signature.
 */
export const ROUTES = {
  Health: http('Health', 'health', 'health', { method: 'GET', path: '/api/health', scope: 'public' }, [
    'table:read',
  ]),
  CreateUpload: http(
    'CreateUpload',
    'uploads',
    'create-upload',
    { method: 'POST', path: '/api/uploads', scope: 'member' },
    ['table:read', 'table:write', 'uploads:write'],
  ),
  GetUpload: http(
    'GetUpload',
    'uploads',
    'get-upload',
    { method: 'GET', path: '/api/uploads/{id}', scope: 'member' },
    ['table:read'],
  ),
  ListAccountTransactions: http(
    'ListAccountTransactions',
    'transactions',
    'list-account-transactions',
    { method: 'GET', path: '/api/accounts/{id}/transactions', scope: 'member' },
    ['table:read'],
  ),
  InitialiseFamily: http(
    'InitialiseFamily',
    'family',
    'initialise-family',
    { method: 'POST', path: '/api/family', scope: 'user' },
    ['table:read', 'table:write'],
  ),
  GetFamily: http(
    'GetFamily',
    'family',
    'get-family',
    { method: 'GET', path: '/api/family', scope: 'member' },
    ['table:read'],
  ),
  GetProfile: http(
    'GetProfile',
    'profile',
    'get-profile',
    { method: 'GET', path: '/api/profile', scope: 'self' },
    ['table:read'],
  ),
  SaveProfile: http(
    'SaveProfile',
    'profile',
    'save-profile',
    { method: 'PUT', path: '/api/profile', scope: 'self' },
    ['table:read', 'table:write'],
  ),
  InitialiseSubscription: http(
    'InitialiseSubscription',
    'subscription',
    'initialise-subscription',
    { method: 'POST', path: '/api/subscription', scope: 'admin' },
    ['table:read', 'table:write'],
  ),
  GetSubscription: http(
    'GetSubscription',
    'subscription',
    'get-subscription',
    { method: 'GET', path: '/api/subscription', scope: 'user' },
    ['table:read'],
  ),
  DismissNotification: http(
    'DismissNotification',
    'subscription',
    'dismiss-notification',
    { method: 'POST', path: '/api/subscription/notifications', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  CreateCheckoutSession: http(
    'CreateCheckoutSession',
    'subscription',
    'create-checkout-session',
    { method: 'POST', path: '/api/subscription/checkout', scope: 'member' },
    ['table:read', 'table:write', 'stripe-secret'],
  ),
  CreateBillingPortalSession: http(
    'CreateBillingPortalSession',
    'subscription',
    'create-billing-portal-session',
    { method: 'POST', path: '/api/subscription/portal', scope: 'admin' },
    ['table:read', 'table:write', 'stripe-secret'],
  ),
  StripeWebhook: http(
    'StripeWebhook',
    'subscription',
    'stripe-webhook',
    { method: 'POST', path: '/api/webhooks/stripe', scope: 'public' },
    ['table:read', 'table:write', 'stripe-secret'],
  ),
  ListAccounts: http(
    'ListAccounts',
    'accounts',
    'list-accounts',
    { method: 'GET', path: '/api/accounts', scope: 'member' },
    ['table:read'],
  ),
  CreateAccounts: http(
    'CreateAccounts',
    'accounts',
    'create-accounts',
    { method: 'POST', path: '/api/accounts', scope: 'user' },
    ['table:read', 'table:write'],
  ),
  GetAccount: http(
    'GetAccount',
    'accounts',
    'get-account',
    { method: 'GET', path: '/api/accounts/{id}', scope: 'member' },
    ['table:read'],
  ),
  UpdateAccount: http(
    'UpdateAccount',
    'accounts',
    'update-account',
    { method: 'PATCH', path: '/api/accounts/{id}', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ArchiveAccount: http(
    'ArchiveAccount',
    'accounts',
    'archive-account',
    { method: 'POST', path: '/api/accounts/{id}/archive', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  RestoreAccount: http(
    'RestoreAccount',
    'accounts',
    'restore-account',
    { method: 'POST', path: '/api/accounts/{id}/restore', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ListFamilyTransactions: http(
    'ListFamilyTransactions',
    'transactions',
    'list-family-transactions',
    { method: 'GET', path: '/api/transactions', scope: 'member' },
    ['table:read'],
  ),
  ExportAccountTransactions: http(
    'ExportAccountTransactions',
    'transactions',
    'export-account-transactions',
    { method: 'GET', path: '/api/accounts/{id}/transactions/csv', scope: 'member' },
    ['table:read'],
  ),
  ListAccountStatements: http(
    'ListAccountStatements',
    'uploads',
    'list-account-statements',
    { method: 'GET', path: '/api/accounts/{id}/statements', scope: 'member' },
    ['table:read'],
  ),
  StatementRemoval: http(
    'StatementRemoval',
    'uploads',
    'statement-removal',
    { method: 'GET', path: '/api/uploads/{id}/removal', scope: 'member' },
    ['table:read'],
  ),
  RemoveStatement: http(
    'RemoveStatement',
    'uploads',
    'remove-statement',
    { method: 'DELETE', path: '/api/uploads/{id}', scope: 'member' },
    ['table:read', 'table:write', 'uploads:delete'],
  ),
  ListStatementChecks: http(
    'ListStatementChecks',
    'uploads',
    'list-statement-checks',
    { method: 'GET', path: '/api/statement-checks', scope: 'member' },
    ['table:read'],
  ),
  GetStatementCheck: http(
    'GetStatementCheck',
    'uploads',
    'get-statement-check',
    { method: 'GET', path: '/api/uploads/{id}/check', scope: 'member' },
    ['table:read', 'uploads:read'],
  ),
  GetStatementCheckPage: {
    ...http(
      'GetStatementCheckPage',
      'pages',
      'get-statement-check-page',
      { method: 'GET', path: '/api/uploads/{id}/check/pages/{page}', scope: 'member' },
      ['table:read', 'uploads:read'],
    ),
    // Drawing a page is CPU work: Lambda gives CPU in proportion to memory.
    memoryMb: 1024,
  },
  EditStatementCheck: http(
    'EditStatementCheck',
    'uploads',
    'edit-statement-check',
    { method: 'POST', path: '/api/uploads/{id}/check/edits', scope: 'member' },
    ['table:read', 'table:write', 'uploads:read'],
  ),
  ImportStatementCheck: http(
    'ImportStatementCheck',
    'uploads',
    'import-statement-check',
    { method: 'POST', path: '/api/uploads/{id}/check/import', scope: 'admin' },
    ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'pipeline:start'],
  ),
  GetExportMapping: http(
    'GetExportMapping',
    'uploads',
    'get-export-mapping',
    { method: 'GET', path: '/api/uploads/{id}/mapping', scope: 'member' },
    ['table:read', 'uploads:read'],
  ),
  ConfirmExportMapping: http(
    'ConfirmExportMapping',
    'uploads',
    'confirm-export-mapping',
    { method: 'POST', path: '/api/uploads/{id}/mapping', scope: 'admin' },
    ['table:read', 'table:write', 'uploads:read', 'pipeline:start'],
  ),
  DiscardStatementCheck: http(
    'DiscardStatementCheck',
    'uploads',
    'discard-statement-check',
    { method: 'POST', path: '/api/uploads/{id}/check/discard', scope: 'admin' },
    ['table:read', 'table:write', 'uploads:read', 'uploads:delete'],
  ),
  ListReviewTransactions: http(
    'ListReviewTransactions',
    'transactions',
    'list-review-transactions',
    { method: 'GET', path: '/api/transactions/unclassified', scope: 'member' },
    ['table:read'],
  ),
  StartClassification: http(
    'StartClassification',
    'transactions',
    'start-classification',
    { method: 'POST', path: '/api/transactions/classify', scope: 'member' },
    ['table:read', 'table:write', 'jobs:start', 'bedrock'],
  ),
  GetClassification: http(
    'GetClassification',
    'transactions',
    'get-classification',
    { method: 'GET', path: '/api/transactions/classify', scope: 'member' },
    ['table:read', 'table:write', 'jobs:start'],
  ),
  AnalyseCleanup: http(
    'AnalyseCleanup',
    'transactions',
    'analyse-cleanup',
    { method: 'GET', path: '/api/transactions/cleanup', scope: 'member' },
    ['table:read'],
  ),
  DeleteBadTransactions: http(
    'DeleteBadTransactions',
    'transactions',
    'delete-bad-transactions',
    { method: 'POST', path: '/api/transactions/cleanup', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  RunVerification: http(
    'RunVerification',
    'transactions',
    'run-verification',
    { method: 'GET', path: '/api/transactions/verification', scope: 'member' },
    // reading the proposed transfers drops stale ones, as Cross-Account Matching does
    ['table:read', 'table:write'],
  ),
  CorrectTransactions: http(
    'CorrectTransactions',
    'transactions',
    'correct-transactions',
    { method: 'POST', path: '/api/transactions/corrections', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ListPatterns: http(
    'ListPatterns',
    'transactions',
    'list-patterns',
    { method: 'GET', path: '/api/patterns', scope: 'member' },
    ['table:read'],
  ),
  DeletePattern: http(
    'DeletePattern',
    'transactions',
    'delete-pattern',
    { method: 'DELETE', path: '/api/patterns/{id}', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ListMatches: http(
    'ListMatches',
    'transactions',
    'list-matches',
    { method: 'GET', path: '/api/matches', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  AcceptMatch: http(
    'AcceptMatch',
    'transactions',
    'accept-match',
    { method: 'POST', path: '/api/matches/{id}/accept', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  RejectMatch: http(
    'RejectMatch',
    'transactions',
    'reject-match',
    { method: 'POST', path: '/api/matches/{id}/reject', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ListAccountNumbers: http(
    'ListAccountNumbers',
    'transactions',
    'list-account-numbers',
    { method: 'GET', path: '/api/account-numbers', scope: 'member' },
    ['table:read'],
  ),
  SetAccountNumbers: http(
    'SetAccountNumbers',
    'transactions',
    'set-account-numbers',
    { method: 'PUT', path: '/api/accounts/{id}/numbers', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  ListInstitutions: http(
    'ListInstitutions',
    'institutions',
    'list-institutions',
    { method: 'GET', path: '/api/institutions', scope: 'user' },
    ['table:read'],
  ),
  ListServiceTypes: http(
    'ListServiceTypes',
    'institutions',
    'list-service-types',
    { method: 'GET', path: '/api/service-types', scope: 'user' },
    ['table:read'],
  ),
  // Family members and invitations (spec 1 §7 Members, Add member, Family member role, Accept invitation).
  // Managing members is the admin's; the list is every member's. Invitations are `user` routes: the invited
  // person may have no family yet. The token travels in the body (never in a URL the gateway logs).
  ListMembers: http(
    'ListMembers',
    'members',
    'list-members',
    { method: 'GET', path: '/api/family/members', scope: 'member' },
    ['table:read'],
  ),
  AddMember: http(
    'AddMember',
    'members',
    'add-member',
    { method: 'POST', path: '/api/family/members', scope: 'admin' },
    ['table:read', 'table:write', 'ses:send'],
  ),
  UpdateMember: http(
    'UpdateMember',
    'members',
    'update-member',
    { method: 'PATCH', path: '/api/family/members/{id}', scope: 'admin' },
    ['table:read', 'table:write'],
  ),
  RemoveMember: http(
    'RemoveMember',
    'members',
    'remove-member',
    { method: 'DELETE', path: '/api/family/members/{id}', scope: 'admin' },
    ['table:read', 'table:write'],
  ),
  CheckInvitation: http(
    'CheckInvitation',
    'members',
    'check-invitation',
    { method: 'POST', path: '/api/invitations/check', scope: 'user' },
    ['table:read'],
  ),
  AcceptInvitation: http(
    'AcceptInvitation',
    'members',
    'accept-invitation',
    { method: 'POST', path: '/api/invitations/accept', scope: 'user' },
    ['table:read', 'table:write'],
  ),
  DeclineInvitation: http(
    'DeclineInvitation',
    'members',
    'decline-invitation',
    { method: 'POST', path: '/api/invitations/decline', scope: 'user' },
    ['table:read', 'table:write'],
  ),
  ListFamilies: http(
    'ListFamilies',
    'members',
    'list-families',
    { method: 'GET', path: '/api/families', scope: 'user' },
    ['table:read'],
  ),
  SwitchFamily: http(
    'SwitchFamily',
    'members',
    'switch-family',
    { method: 'POST', path: '/api/families/current', scope: 'user' },
    ['table:read', 'table:write'],
  ),
  GetOverview: http(
    'GetOverview',
    'insights',
    'get-overview',
    { method: 'GET', path: '/api/insights/overview', scope: 'member' },
    ['table:read'],
  ),
  GetPeriodStats: http(
    'GetPeriodStats',
    'insights',
    'get-period-stats',
    { method: 'GET', path: '/api/insights/period-stats', scope: 'member' },
    ['table:read'],
  ),
  GetAccountTypes: http(
    'GetAccountTypes',
    'insights',
    'get-account-types',
    { method: 'GET', path: '/api/insights/account-types', scope: 'member' },
    ['table:read'],
  ),
  GetAnalytics: http(
    'GetAnalytics',
    'insights',
    'get-analytics',
    { method: 'GET', path: '/api/insights/analytics', scope: 'member' },
    ['table:read'],
  ),
  AskAssistant: http(
    'AskAssistant',
    'assistant',
    'ask-assistant',
    { method: 'POST', path: '/api/assistant/messages', scope: 'member' },
    ['table:read', 'table:write', 'bedrock:assistant'],
  ),
  GetConversation: http(
    'GetConversation',
    'assistant',
    'get-conversation',
    { method: 'GET', path: '/api/assistant/conversations', scope: 'member' },
    ['table:read'],
  ),
  /**
   * The front door's public writes: feedback from the landing page and the landing page's analytics events
   * (no personal data). Both are size-limited and rate-limited per address (functions/services/public-limits.ts).
   * In the app, feedback goes to the signed-in route so the user is recorded (a public route never sees a token).
   */
  SubmitFeedback: http(
    'SubmitFeedback',
    'feedback',
    'submit-feedback',
    { method: 'POST', path: '/api/feedback', scope: 'public' },
    ['table:write'],
  ),
  SubmitAppFeedback: http(
    'SubmitAppFeedback',
    'feedback',
    'submit-app-feedback',
    { method: 'POST', path: '/api/feedback/signed-in', scope: 'user' },
    ['table:write'],
  ),
  RecordEvents: http(
    'RecordEvents',
    'feedback',
    'record-events',
    { method: 'POST', path: '/api/events', scope: 'public' },
    ['table:write'],
  ),
  ListCategories: http(
    'ListCategories',
    'institutions',
    'list-categories',
    { method: 'GET', path: '/api/categories', scope: 'user' },
    ['table:read'],
  ),
  GetSpending: http(
    'GetSpending',
    'insights',
    'get-spending',
    { method: 'GET', path: '/api/insights/categories', scope: 'member' },
    ['table:read'],
  ),
  ChangeCategory: http(
    'ChangeCategory',
    'transactions',
    'change-category',
    { method: 'PATCH', path: '/api/transactions/{id}/category', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  SimilarForCategory: http(
    'SimilarForCategory',
    'transactions',
    'similar-for-category',
    { method: 'GET', path: '/api/transactions/{id}/category/similar', scope: 'member' },
    ['table:read'],
  ),
  ChangeCategories: http(
    'ChangeCategories',
    'transactions',
    'change-categories',
    { method: 'POST', path: '/api/transactions/categories', scope: 'member' },
    ['table:read', 'table:write'],
  ),
  GetBills: http(
    'GetBills',
    'insights',
    'get-bills',
    { method: 'GET', path: '/api/bills', scope: 'member' },
    ['table:read'],
  ),
  DecideBill: http(
    'DecideBill',
    'insights',
    'decide-bill',
    { method: 'PUT', path: '/api/bills/decisions', scope: 'member' },
    ['table:read', 'table:write'],
  ),
} satisfies Record<string, HttpFunctionSpec>;

export const FUNCTIONS: FunctionSpec[] = [
  ...Object.values(ROUTES),
  {
    id: 'S3ObjectCreated',
    entry: 'functions/handlers/triggers/s3-object-created.ts',
    trigger: { type: 's3-object-created' },
    needs: ['pipeline:start'],
  },
  pipeline('Register', 'register', ['table:read', 'table:write', 'uploads:read']),
  pipeline('Extract', 'extract', ['table:read', 'uploads:read', 'uploads:write', 'textract'], {
    memoryMb: 1024,
  }),
  pipeline('PollTextract', 'poll-textract', ['uploads:write', 'textract']),
  // 'textract': a text layer whose figures contradict its reading is read again from its page images.
  pipeline('Parse', 'parse', ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'textract'], {
    memoryMb: 1024,
  }),
  pipeline('Persist', 'persist', ['table:read', 'table:write', 'uploads:read', 'uploads:write']),
  pipeline('Classify', 'classify', ['table:read', 'table:write', 'uploads:read', 'bedrock'], {
    timeoutSeconds: 300,
  }),
  pipeline('Match', 'match', ['table:read', 'table:write', 'uploads:read']),
  pipeline('Finish', 'finish', [
    'table:read',
    'table:write',
    'uploads:read',
    'uploads:list',
    'uploads:delete',
  ]),
  pipeline('RecordFailure', 'record-failure', [
    'table:read',
    'table:write',
    'uploads:read',
    'uploads:list',
    'uploads:delete',
  ]),
  {
    id: 'ClassificationJob',
    entry: 'functions/handlers/jobs/classification-job.ts',
    trigger: { type: 'job', job: 'classification' },
    needs: ['table:read', 'table:write', 'bedrock'],
    timeoutSeconds: 300,
  },
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

// ---- the API packaged by area ----------------------------------------------------------------------------

const NEED_ORDER: Need[] = [
  'table:read',
  'table:write',
  'uploads:read',
  'uploads:write',
  'uploads:delete',
  'uploads:list',
  'pipeline:start',
  'jobs:start',
  'textract',
  'bedrock',
  'bedrock:assistant',
  'ses:send',
  'magic-link-secret',
  'stripe-secret',
];

/** The router module of an area: imports its routes' handlers and dispatches on the event's routeKey. */
export const areaEntry = (area: ApiArea): string => `functions/handlers/http/areas/${area}.ts`;

/** PascalCase construct id of an area's function, e.g. AccountsApi. */
export const areaFunctionId = (area: ApiArea): string => `${area.charAt(0).toUpperCase()}${area.slice(1)}Api`;

/**
 * The functions the API deploys: one per area that has routes, carrying its slice of the route table and the
 * union of its routes' needs (and their largest timeout and memory), so its role is the least its routes need.
 */
export function apiFunctions(
  functions: FunctionSpec[] = FUNCTIONS,
  entryOf: (area: ApiArea) => string = areaEntry,
): FunctionSpec[] {
  const byArea = new Map<ApiArea, FunctionSpec[]>();
  for (const spec of functions) {
    if (spec.trigger.type !== 'http') continue;
    byArea.set(spec.trigger.area, [...(byArea.get(spec.trigger.area) ?? []), spec]);
  }
  return API_AREAS.flatMap((area) => {
    const specs = byArea.get(area);
    if (!specs) return [];
    const needs = new Set(specs.flatMap((s) => s.needs));
    const largest = (pick: (s: FunctionSpec) => number | undefined) => {
      const values = specs.map(pick).filter((v): v is number => v !== undefined);
      return values.length ? { value: Math.max(...values) } : null;
    };
    const timeout = largest((s) => s.timeoutSeconds);
    const memory = largest((s) => s.memoryMb);
    return [
      {
        id: areaFunctionId(area),
        entry: entryOf(area),
        trigger: {
          type: 'http',
          area,
          routes: specs.flatMap((s) => (s.trigger.type === 'http' ? s.trigger.routes : [])),
        },
        needs: NEED_ORDER.filter((n) => needs.has(n)),
        ...(timeout ? { timeoutSeconds: timeout.value } : {}),
        ...(memory ? { memoryMb: memory.value } : {}),
      } satisfies FunctionSpec,
    ];
  });
}

/** What is deployed: the API's area functions and every other function of the manifest. */
export function deployedFunctions(functions: FunctionSpec[] = FUNCTIONS): FunctionSpec[] {
  return [...apiFunctions(functions), ...functions.filter((f) => f.trigger.type !== 'http')];
}
