import type * as z from 'zod/mini';
import { INSTITUTIONS } from '../../../functions/adapters/dynamodb/catalogue/institutions';
import { SERVICE_TYPES } from '../../../functions/adapters/dynamodb/catalogue/service-types';
import type { Account, AccountRequest } from '../../../functions/contracts/accounts';
import {
  type AnalyticsResponse,
  type ChatMessage,
  EXAMPLE_QUESTIONS,
} from '../../../functions/contracts/assistant';
import type { Institution } from '../../../functions/contracts/institutions';
import type {
  ClassificationJob,
  CleanupAnalysis,
  CleanupDeleteRequest,
  ReviewList,
  VerificationReport,
} from '../../../functions/contracts/review';
import { TRANSACTION_PAGE_MESSAGES, type Transaction } from '../../../functions/contracts/transactions';
import { createUploadRequestSchema, type uploadSchema } from '../../../functions/contracts/uploads';
import { planAccountCreation } from '../../../functions/domain/accounts';
import { ASSISTANT_MESSAGES, FOLLOW_UPS } from '../../../functions/domain/assistant/answers';
import { transactionsCsv, transactionsCsvFileName } from '../../../functions/domain/csv';
import { searchInstitutions } from '../../../functions/domain/institution-search';
import type { SubscriptionInfo } from '../../../functions/domain/subscription';
import { prepareProfileForSave, validateProfile } from '../../../functions/domain/validation';
import { insightsRoutes } from './fake-insights';
import { membersRoutes } from './fake-members';
import { spendingRoutes } from './fake-spending';
import { transfersRoutes } from './fake-transfers';

/**
 * A stand-in for the API in component tests (the real API is exercised by the integration and browser
 * tests): serves the real catalogue with the real search rule, plans accounts with the real domain rule,
 * records every call and can be told to fail a route. Uploads are checked with the real contract and walk
 * through the stages a test scripts for their file name (see scriptUpload); an upload that reaches 'done'
 * adds its script's transactions to the account.
 */
export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

const institutions: Institution[] = INSTITUTIONS.map((i) => ({
  ...i,
  subtype: i.subtype ?? null,
  status: 'active',
  founded: i.founded ?? null,
  headquarters: i.headquarters ?? null,
  parent_company: i.parent_company ?? null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}));

/** An upload record as the API sends it (fields the contract defaults may be left out). */
export type UploadRecord = z.input<typeof uploadSchema>;
type UploadStep = Partial<Omit<UploadRecord, 'uploadId' | 'accountId' | 'fileName' | 'size'>>;
interface UploadScript {
  steps: UploadStep[];
  transactions: Transaction[];
}

/** A transaction row for an account, with the fields the API always sends. */
export function transactionRow(
  accountId: string,
  row: Pick<Transaction, 'id' | 'transaction_date' | 'description' | 'amount'> & Partial<Transaction>,
): Transaction {
  return {
    account_id: accountId,
    signed_amount: null,
    type: null,
    balance: null,
    flow_type: null,
    user_corrected_flow_type: null,
    classification_confidence: null,
    classification_method: null,
    created_at: '2026-03-01T09:00:00.000Z',
    ...row,
  };
}

const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'display_name',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
  'date_of_birth',
  'timezone',
  'currency',
];

export function createFakeApi() {
  const calls: RecordedCall[] = [];
  const failures = new Map<string, { status: number; body: unknown }>();
  const accounts: Account[] = [];
  let familyId: string | null = null;
  let profile: Record<string, unknown> | null = null;
  const feedback: unknown[] = [];
  const events: unknown[] = [];
  const transactions: Transaction[] = [];
  const scripts = new Map<string, UploadScript>();
  const uploads = new Map<string, { record: UploadRecord; script: UploadScript }>();
  const transactionPages = createTransactionPages();

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const accountSetup = accountSetupRoutes({ accounts, transactions, json, family: () => familyId });
  const review = reviewRoutes(json);
  const assistant = assistantRoutes(json);
  const members = membersRoutes({ json });
  const transfers = transfersRoutes({ transactions, accounts, json });
  const insights = insightsRoutes({ accounts, transactions, json, family: () => familyId });
  const subscription = subscriptionRoutes(json);
  const spending = spendingRoutes({ accounts, transactions, json });

  async function handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ method, path: url.pathname, body, authorization: headers.get('authorization') });
    const failure = failures.get(`${method} ${url.pathname}`);
    if (failure) return json(failure.status, failure.body);
    const route = `${method} ${url.pathname}`;
    const setupAnswer = accountSetup.handle(route, url, body);
    if (setupAnswer) return setupAnswer;
    const reviewAnswer = review.handle(route, url, body);
    if (reviewAnswer) return reviewAnswer;
    const assistantAnswer = await assistant.handle(route, body);
    if (assistantAnswer) return assistantAnswer;
    const membersAnswer = members.handle(route, body);
    if (membersAnswer) return membersAnswer;
    const transfersAnswer = transfers.handle(route, url, body);
    if (transfersAnswer) return transfersAnswer;
    const insightsAnswer = insights.handle(route, url);
    if (insightsAnswer) return insightsAnswer;
    const subscriptionAnswer = subscription.handle(route, body);
    if (subscriptionAnswer) return subscriptionAnswer;
    const spendingAnswer = spending.handle(route, url, body);
    if (spendingAnswer) return spendingAnswer;
    const paged = transactionPages.handle(method, url, accounts, transactions);
    if (paged) return paged;
    const uploadId = /^GET \/api\/uploads\/([^/]+)$/.exec(route)?.[1];
    if (uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload) return json(404, { error: { code: 'not_found', message: 'Upload not found' } });
      const step = upload.script.steps.shift();
      if (step) upload.record = { ...upload.record, ...step, updatedAt: new Date().toISOString() };
      if (step?.stage === 'done') transactions.push(...upload.script.transactions);
      return json(200, upload.record);
    }
    const listOf = /^GET \/api\/accounts\/([^/]+)\/transactions$/.exec(route)?.[1];
    if (listOf) {
      if (!accounts.some((a) => a.id === listOf))
        return json(404, { error: { code: 'not_found', message: 'Account not found' } });
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const rows = transactions
        .filter((t) => t.account_id === listOf)
        .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date))
        .slice(0, limit);
      return json(200, { transactions: rows });
    }
    switch (route) {
      case 'GET /api/family':
        return familyId
          ? json(200, {
              id: familyId,
              user_id: 'u1',
              name: "u1's Family",
              role: 'admin',
              created_at: 'x',
              updated_at: 'x',
            })
          : json(404, { error: { code: 'not_found', message: 'No family found' } });
      case 'POST /api/uploads': {
        const request = createUploadRequestSchema.safeParse(body);
        if (!request.success)
          return json(400, {
            error: { code: 'validation_error', message: request.error.issues[0]?.message ?? 'Invalid' },
          });
        if (!accounts.some((a) => a.id === request.data.accountId))
          return json(404, { error: { code: 'not_found', message: 'Account not found' } });
        const id = `01JD8Z00000000000000UP${String(uploads.size + 1).padStart(4, '0')}`;
        const now = new Date().toISOString();
        const record: UploadRecord = {
          uploadId: id,
          ...request.data,
          stage: 'uploading',
          message: null,
          counts: {},
          reconciliation: null,
          institution: null,
          period: null,
          createdAt: now,
          updatedAt: now,
        };
        const script = scripts.get(request.data.fileName) ?? {
          steps: [{ stage: 'reading' }, { stage: 'done', counts: { added: 0 } }],
          transactions: [],
        };
        uploads.set(id, { record, script: { steps: [...script.steps], transactions: script.transactions } });
        return json(201, {
          upload: record,
          put: {
            url: `https://uploads.example.test/${id}?X-Amz-Signature=test`,
            headers: { 'content-type': 'application/pdf' },
            expiresInSeconds: 300,
          },
        });
      }
      case 'GET /api/institutions': {
        const q = Object.fromEntries(url.searchParams);
        return json(200, { institutions: searchInstitutions(institutions, q) });
      }
      case 'GET /api/service-types':
        return json(200, { service_types: SERVICE_TYPES });
      case 'GET /api/profile':
        return json(200, profile);
      case 'PUT /api/profile': {
        // The server's rules (functions/services/profile.ts): the domain validates and prepares the fields sent.
        const { from_onboarding, ...update } = body as Record<string, string | null> & {
          from_onboarding?: true;
        };
        const errors = validateProfile(update);
        if (from_onboarding) delete errors.phone;
        const first = Object.values(errors)[0];
        if (first)
          return json(400, {
            error: { code: 'validation_error', message: first, details: { fields: errors } },
          });
        const prepared = prepareProfileForSave(update) as Record<string, unknown>;
        const sent = Object.fromEntries(
          Object.keys(update).map((k) => [k, k in prepared ? prepared[k] : (update[k] ?? null)]),
        );
        profile = {
          user_id: 'u1',
          ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])),
          ...profile,
          ...sent,
          updated_at: new Date().toISOString(),
        };
        return json(200, profile);
      }
      case 'POST /api/feedback':
      case 'POST /api/feedback/signed-in':
        feedback.push(body);
        return json(201, { received: true });
      case 'POST /api/events':
        events.push(body);
        return new Response(null, { status: 204 });
      case 'POST /api/family':
        familyId ??= '01JD8Z0000000000000000FAM1';
        return json(201, {
          family_id: familyId,
          created: true,
          family: {
            id: familyId,
            user_id: 'u1',
            name: body?.name ?? "u1's Family",
            role: 'admin',
            created_at: 'x',
            updated_at: 'x',
          },
        });
      case 'POST /api/subscription':
        return json(201, {
          id: 'sub-1',
          created: true,
          info: {
            status: 'trial',
            plan_type: 'free_trial',
            is_team_member: false,
            is_early_adopter: false,
            trial_days_remaining: 13,
            trial_total_days: 14,
            has_access: true,
            should_initialize: false,
            days_left: 13,
            show_3_day_warning: false,
            show_1_day_warning: false,
            show_expired_notice: false,
            trial_ends_at: new Date(Date.now() + 14 * 86_400_000).toISOString(),
          },
        });
      case 'GET /api/accounts':
        return familyId
          ? json(200, { accounts })
          : json(404, { error: { code: 'not_found', message: 'No family found' } });
      case 'POST /api/accounts': {
        const created: Account[] = [];
        for (const request of (body as { accounts: AccountRequest[] }).accounts) {
          const institution = institutions.find((i) => i.id === request.institution_id) ?? null;
          const plan = planAccountCreation({
            familyId,
            institution,
            selectedServices: request.services ?? [],
            accountName: request.name ?? null,
            manualBankName: institution ? undefined : (request.bank_name ?? undefined),
            accountType: request.account_type ?? 'current',
          });
          if (!plan.ok) return json(400, { error: { code: 'validation_error', message: plan.error } });
          for (const row of plan.rows) {
            created.push({
              // ULID-shaped, as the API's account ids are (the upload contract checks the format).
              id: `01ACC${String(accounts.length + created.length + 1).padStart(21, '0')}`,
              family_id: row.family_id,
              name: row.name,
              bank_name: row.bank_name,
              account_type: row.account_type,
              institution_id: row.institution_id,
              detected_institution_id: row.detected_institution_id,
              is_active: true,
              is_archived: false,
              archived_at: null,
              created_at: new Date().toISOString(),
              services: row.service ? [row.service as Account['services'][number]] : [],
              institution_display_name: institution?.display_name ?? null,
              institution_type: institution?.type ?? null,
            });
          }
        }
        accounts.push(...created);
        return json(201, { accounts: created, created: created.length });
      }
      default:
        return json(404, { message: 'Not Found' });
    }
  }

  return {
    calls,
    accounts,
    transactions,
    /** The cursor-paged transaction routes' requests (see createTransactionPages). */
    pageRequests: transactionPages.pageRequests,
    csvRequests: transactionPages.csvRequests,
    fetch: handle as typeof fetch,
    /** Feedback and analytics events the widget and the landing page sent. */
    feedback,
    events,
    /** The profile GET /api/profile answers (null: never saved). */
    setProfile(value: Record<string, unknown> | null) {
      profile =
        value === null
          ? null
          : {
              user_id: 'u1',
              ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])),
              updated_at: null,
              ...value,
            };
    },
    profile: () => profile,
    /**
     * What GET /api/uploads/{id} answers for uploads of this file: one step per request (the last one stays),
     * and the transactions added to the account when a step reaches 'done'.
     */
    scriptUpload(fileName: string, steps: UploadStep[], added: Transaction[] = []) {
      scripts.set(fileName, { steps, transactions: added });
    },
    /** More steps for an upload already under way (e.g. one that was still being processed). */
    continueUpload(fileName: string, steps: UploadStep[]) {
      for (const upload of uploads.values())
        if (upload.record.fileName === fileName) upload.script.steps.push(...steps);
    },
    fail(
      route: string,
      status: number,
      body: unknown = {
        error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
      },
    ) {
      failures.set(route, { status, body });
    },
    clearFailures: () => failures.clear(),
    setFamily(id: string | null) {
      familyId = id;
    },
    ...accountSetup.controls,
    review: review.controls,
    assistant: assistant.controls,
    members: members.controls,
    ...transfers.controls,
    ...insights.controls,
    ...subscription.controls,
    ...spending.controls,
  };
}
export type FakeApi = ReturnType<typeof createFakeApi>;

// ── Subscription routes: the info (a trial of 14 days unless a test sets it), banner dismissals, checkout, ──
// ── the billing portal.                                                                                   ──

/** Subscription info as GET /api/subscription answers it, from the domain's fields. */
export function subscriptionInfo(over: Partial<SubscriptionInfo> & { trial_ends_at?: string | null } = {}) {
  const info = {
    status: 'trial' as const,
    plan_type: 'free_trial',
    is_team_member: false,
    is_early_adopter: false,
    trial_days_remaining: 13,
    trial_total_days: 14,
    has_access: true,
    should_initialize: false,
    show_3_day_warning: false,
    show_1_day_warning: false,
    show_expired_notice: false,
    trial_ends_at: '2026-04-01T12:00:00.000Z',
    ...over,
  };
  return { ...info, days_left: info.trial_days_remaining };
}

function subscriptionRoutes(json: (status: number, body: unknown) => Response) {
  let info = subscriptionInfo();
  /** Answers for the next GET /api/subscription calls, in order (then `info`). */
  const queued: Array<ReturnType<typeof subscriptionInfo>> = [];
  const dismissed: string[] = [];
  const flags = {
    '3_day_warning': 'show_3_day_warning',
    '1_day_warning': 'show_1_day_warning',
    trial_expired: 'show_expired_notice',
  } as const;
  return {
    handle(route: string, body: unknown): Response | null {
      switch (route) {
        case 'GET /api/subscription':
          return json(200, queued.shift() ?? info);
        case 'POST /api/subscription/notifications': {
          const key = (body as { notification_type?: string } | undefined)?.notification_type ?? '';
          if (!(key in flags))
            return json(400, {
              error: { code: 'validation_error', message: 'notification_type is one of …' },
            });
          dismissed.push(key);
          info = { ...info, [flags[key as keyof typeof flags]]: false };
          return json(200, info);
        }
        case 'POST /api/subscription/checkout':
          return json(200, {
            session_id: 'cs_test_1',
            session_url: 'http://localhost/local/stripe/checkout/cs_test_1',
          });
        case 'POST /api/subscription/portal':
          return json(200, { url: 'http://localhost/local/stripe/portal/bps_test_1' });
        default:
          return null;
      }
    },
    controls: {
      /** What GET /api/subscription answers from now on. */
      setSubscription(over: Parameters<typeof subscriptionInfo>[0]) {
        info = subscriptionInfo(over);
      },
      /** Answers for the next GET /api/subscription calls, one each (e.g. the webhook arriving late). */
      queueSubscription(...answers: Array<Parameters<typeof subscriptionInfo>[0]>) {
        queued.push(...answers.map((a) => subscriptionInfo(a)));
      },
      dismissedBanners: dismissed,
    },
  };
}

// ── Account Setup routes: the accounts with their derived fields (by status), rename, archive, restore, an ──
// ── account's statements and 'Remove this statement' (DELETE /api/uploads/{id}).                         ──

/** A statement uploaded to an account, and the ids of the rows it added (its own rows, removed with it). */
interface SeededStatement {
  record: UploadRecord;
  added: string[];
}

function accountSetupRoutes(state: {
  accounts: Account[];
  transactions: Transaction[];
  json(status: number, body: unknown): Response;
  family(): string | null;
}) {
  const { accounts, transactions, json } = state;
  const statements: SeededStatement[] = [];
  const notFound = () => json(404, { error: { code: 'not_found', message: 'Account not found' } });
  const summary = (account: Account) => {
    const rows = transactions.filter((t) => t.account_id === account.id);
    const done = statements
      .filter((s) => s.record.accountId === account.id && s.record.stage === 'done')
      .map((s) => s.record.createdAt)
      .sort();
    return {
      ...account,
      transaction_count: rows.length,
      last_transaction_date:
        rows
          .map((t) => t.transaction_date)
          .sort()
          .at(-1) ?? null,
      last_statement_upload: done.at(-1) ?? null,
    };
  };

  function handle(route: string, url: URL, body: unknown): Response | null {
    if (route === 'GET /api/accounts') {
      if (!state.family()) return json(404, { error: { code: 'not_found', message: 'No family found' } });
      const status = url.searchParams.get('status') ?? 'active';
      const listed = accounts.filter((a) => a.is_archived === (status === 'archived')).map(summary);
      return json(200, { accounts: listed });
    }
    const [, id, action] =
      /^(?:PATCH|POST|GET) \/api\/accounts\/([^/]+)(?:\/(archive|restore|statements))?$/.exec(route) ?? [];
    if (id && (route.startsWith('PATCH') || action)) {
      const account = accounts.find((a) => a.id === id);
      if (!account) return notFound();
      if (action === 'statements')
        return json(200, {
          statements: statements
            .filter((s) => s.record.accountId === id)
            .map((s) => s.record)
            .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        });
      if (action === 'archive') {
        account.is_archived = true;
        account.archived_at ??= new Date().toISOString();
      } else if (action === 'restore') {
        account.is_archived = false;
        account.archived_at = null;
      } else {
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || name.trim() === '')
          return json(400, { error: { code: 'validation_error', message: 'The nickname is required' } });
        account.name = name.trim();
      }
      return json(200, { account: summary(account) });
    }
    const previewId = /^GET \/api\/uploads\/([^/]+)\/removal$/.exec(route)?.[1];
    if (previewId) {
      const statement = statements.find((s) => s.record.uploadId === previewId);
      if (!statement) return json(404, { error: { code: 'not_found', message: 'Upload not found' } });
      const heldElsewhere = new Set(statements.filter((s) => s !== statement).flatMap((s) => s.added));
      const shared = statement.added.filter((id) => heldElsewhere.has(id)).length;
      return json(200, { upload_id: previewId, removes: statement.added.length - shared, shared });
    }
    const removeId = /^DELETE \/api\/uploads\/([^/]+)$/.exec(route)?.[1];
    if (removeId) {
      const index = statements.findIndex((s) => s.record.uploadId === removeId);
      const statement = statements[index];
      if (!statement) return json(404, { error: { code: 'not_found', message: 'Upload not found' } });
      statements.splice(index, 1);
      const heldElsewhere = new Set(statements.flatMap((s) => s.added));
      let removed = 0;
      for (const rowId of statement.added) {
        if (heldElsewhere.has(rowId)) continue;
        const at = transactions.findIndex((t) => t.id === rowId);
        if (at >= 0) {
          transactions.splice(at, 1);
          removed += 1;
        }
      }
      return json(200, {
        upload_id: removeId,
        account_id: statement.record.accountId,
        removed,
        kept: statement.added.length - removed,
      });
    }
    return null;
  }

  return {
    handle,
    controls: {
      /** A statement uploaded to an account: its record as the API lists it, and the rows it added. */
      givenStatement(
        record: Partial<UploadRecord> & Pick<UploadRecord, 'accountId' | 'fileName'>,
        rows: Transaction[] = [],
      ) {
        const n = statements.length + 1;
        const now = new Date(Date.UTC(2026, 1, n, 10)).toISOString();
        const full: UploadRecord = {
          uploadId: `01JD8Z00000000000000ST${String(n).padStart(4, '0')}`,
          size: 1000,
          stage: 'done',
          message: null,
          counts: { added: rows.length, duplicates: 0 },
          reconciliation: { ok: true, breaks: [] },
          institution: null,
          period: null,
          createdAt: now,
          updatedAt: now,
          ...record,
        };
        transactions.push(...rows.filter((r) => !transactions.some((t) => t.id === r.id)));
        statements.push({ record: full, added: rows.map((r) => r.id) });
        return full;
      },
    },
  };
}

// ── Transaction pages and CSV export (GET /api/accounts/{id}/transactions, …/transactions/csv) ─────────────

/** One request of an account's transaction pages, as the query asked for it. */
export interface PageRequest {
  accountId: string;
  limit: number;
  cursor: string | null;
  from: string | null;
  to: string | null;
}

/** The date the fake's CSV file names carry (the real API uses the day of the export). */
export const FAKE_CSV_DATE = '2026-01-31';

/**
 * The account's rows a page at a time as the real route pages them: newest first, rows of one date in the
 * order they were stored (as the API keeps a statement's order), an opaque cursor to the next page (null on
 * the last), and the total on the first page only (null when a cursor is given). from/to are inclusive.
 * The CSV route answers the real writer's text under the real file name rule with FAKE_CSV_DATE.
 */
function createTransactionPages() {
  const pageRequests: PageRequest[] = [];
  const csvRequests: { accountId: string; from: string | null; to: string | null }[] = [];
  const error = (status: number, code: string, message: string) =>
    new Response(JSON.stringify({ error: { code, message } }), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  function rowsOf(
    transactions: readonly Transaction[],
    accountId: string,
    from: string | null,
    to: string | null,
  ) {
    return transactions
      .filter(
        (t) =>
          t.account_id === accountId &&
          (from === null || t.transaction_date >= from) &&
          (to === null || t.transaction_date <= to),
      )
      .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date));
  }

  function handle(
    method: string,
    url: URL,
    accounts: readonly Account[],
    transactions: readonly Transaction[],
  ) {
    if (method !== 'GET') return null;
    const match = /^\/api\/accounts\/([^/]+)\/transactions(\/csv)?$/.exec(url.pathname);
    if (!match?.[1]) return null;
    const accountId = match[1];
    const account = accounts.find((a) => a.id === accountId);
    if (!account) return error(404, 'not_found', 'Account not found');
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const rows = rowsOf(transactions, accountId, from, to);
    if (match[2]) {
      csvRequests.push({ accountId, from, to });
      return new Response(transactionsCsv(account.name, rows), {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${transactionsCsvFileName(account.name, FAKE_CSV_DATE)}"`,
        },
      });
    }
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const cursor = url.searchParams.get('cursor');
    pageRequests.push({ accountId, limit, cursor, from, to });
    const filters = `${accountId}|${from ?? ''}|${to ?? ''}`;
    let start = 0;
    if (cursor) {
      const [key, offset] = atob(cursor).split('#');
      if (key !== filters || !offset) return error(400, 'validation_error', TRANSACTION_PAGE_MESSAGES.cursor);
      start = Number(offset);
    }
    const page = rows.slice(start, start + limit);
    const end = start + page.length;
    return new Response(
      JSON.stringify({
        transactions: page,
        next_cursor: end < rows.length ? btoa(`${filters}#${end}`) : null,
        total: cursor ? null : rows.length,
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  }

  return { handle, pageRequests, csvRequests };
}

// ── Review tools: Smart Transaction Review's list and job, the verification reports, Data Cleanup. ─────────

/**
 * The review routes: the list a test sets; the job, whose GETs walk through the steps a test scripts (the
 * last one stays); one verification report per account (and the family's); the cleanup analysis and each
 * deletion batch's answer (by default every row asked for is deleted).
 */
function reviewRoutes(json: (status: number, body: unknown) => Response) {
  let list: ReviewList = { total: 0, categorized: 0, need_review: 0, transactions: [], classifier: 'local' };
  let job: ClassificationJob | null = null;
  const jobSteps: ClassificationJob[] = [];
  let startAnswer: { status: number; body: unknown } | null = null;
  const reports = new Map<string, VerificationReport>();
  let analysis: CleanupAnalysis | null = null;
  const deletions: Array<{ status: number; body: unknown } | 'all'> = [];
  const deleteRequests: CleanupDeleteRequest[] = [];
  const emptyReport = (): VerificationReport => ({
    checks: [],
    summary: {
      verified: 0,
      warnings: 0,
      attention: 0,
      total_accounts: 0,
      banner: { title: 'All Systems Verified', tone: 'success' },
    },
  });
  return {
    handle(route: string, url: URL, body: unknown): Response | null {
      switch (route) {
        case 'GET /api/transactions/unclassified':
          return json(200, list);
        case 'GET /api/transactions/classify': {
          // Before a start (or a job the test set) there is nothing to walk through.
          const next = job ? jobSteps.shift() : undefined;
          if (next) job = next;
          return json(200, { job });
        }
        case 'POST /api/transactions/classify': {
          if (startAnswer) return json(startAnswer.status, startAnswer.body);
          const joined = job?.status === 'running';
          if (!joined) job = jobSteps.shift() ?? job;
          return json(joined ? 200 : 202, { job, joined });
        }
        case 'GET /api/transactions/verification':
          return json(200, reports.get(url.searchParams.get('account') ?? '') ?? emptyReport());
        case 'GET /api/transactions/cleanup':
          return analysis ? json(200, analysis) : null;
        case 'POST /api/transactions/cleanup': {
          const request = body as CleanupDeleteRequest;
          deleteRequests.push(request);
          const answer = deletions.shift() ?? 'all';
          if (answer !== 'all') return json(answer.status, answer.body);
          const n = request.transactions.length;
          return json(200, { requested: n, deleted: n, not_deleted: 0 });
        }
        default:
          return null;
      }
    },
    controls: {
      setList(next: ReviewList) {
        list = next;
      },
      /** The job a start creates (the first step), then what each GET answers, one step per request. */
      scriptJob(steps: ClassificationJob[]) {
        jobSteps.push(...steps);
      },
      setJob(next: ClassificationJob | null) {
        job = next;
      },
      failStart(status: number, message: string) {
        startAnswer = { status, body: { error: { code: 'unavailable', message } } };
      },
      /** The report of an account ('' : the family's own). */
      setReport(account: string, report: VerificationReport) {
        reports.set(account, report);
      },
      setAnalysis(next: CleanupAnalysis | null) {
        analysis = next;
      },
      /** The answers of the next deletion batches, in order ('all': every row asked for is deleted). */
      scriptDeletions(answers: Array<{ status: number; body: unknown } | 'all'>) {
        deletions.push(...answers);
      },
      deleteRequests,
    },
  };
}

// ── Analytics & Insights and the assistant: the insights answer, the member's kept messages, and answers ──
// ── scripted per question (a question without a script gets the no-handler message).                  ──

type AssistantAnswer = Pick<ChatMessage, 'content' | 'result' | 'source'>;

function assistantRoutes(json: (status: number, body: unknown) => Response) {
  const messages: ChatMessage[] = [];
  const scripted = new Map<string, AssistantAnswer>();
  let analytics: AnalyticsResponse = {
    period: null,
    totals: { income: 0, expenses: 0, internal: 0, transaction_count: 0 },
    insights: [],
    examples: { spending: [...EXAMPLE_QUESTIONS.spending], money_flow: [...EXAMPLE_QUESTIONS.money_flow] },
  };
  let hold: Promise<void> | null = null;
  let release: () => void = () => {};
  let n = 0;
  const message = (role: ChatMessage['role'], extra: AssistantAnswer): ChatMessage => ({
    id: `m${++n}`,
    role,
    timestamp: '2026-03-20T10:00:00.000Z',
    ...extra,
  });
  return {
    async handle(route: string, body: unknown): Promise<Response | null> {
      if (route === 'GET /api/insights/analytics') return json(200, analytics);
      if (route === 'GET /api/assistant/conversations')
        return json(200, { messages, follow_ups: [...FOLLOW_UPS.unknown], online: true });
      if (route !== 'POST /api/assistant/messages') return null;
      const question = String((body as { question?: unknown } | undefined)?.question ?? '');
      if (hold) await hold;
      const asked = message('user', { content: question.trim() });
      const answer = message(
        'assistant',
        scripted.get(question.trim()) ?? {
          content: ASSISTANT_MESSAGES.noHandler,
          result: null,
          source: 'message',
        },
      );
      messages.push(asked, answer);
      return json(200, { question: asked, answer, follow_ups: [...FOLLOW_UPS.spending], online: true });
    },
    controls: {
      answer(question: string, answer: AssistantAnswer) {
        scripted.set(question, answer);
      },
      setAnalytics(value: AnalyticsResponse) {
        analytics = value;
      },
      /** Answers wait until `release()` (the panel is seen while sending). */
      holdAnswers() {
        hold = new Promise((resolve) => {
          release = () => {
            hold = null;
            resolve();
          };
        });
      },
      release: () => release(),
      messages,
    },
  };
}
