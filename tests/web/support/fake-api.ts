import type * as z from 'zod/mini';
import { INSTITUTIONS } from '../../../functions/adapters/dynamodb/catalogue/institutions';
import { SERVICE_TYPES } from '../../../functions/adapters/dynamodb/catalogue/service-types';
import type { Account, AccountRequest } from '../../../functions/contracts/accounts';
import type { Institution } from '../../../functions/contracts/institutions';
import type { Transaction } from '../../../functions/contracts/transactions';
import { createUploadRequestSchema, type uploadSchema } from '../../../functions/contracts/uploads';
import { planAccountCreation } from '../../../functions/domain/accounts';
import { searchInstitutions } from '../../../functions/domain/institution-search';

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
  const transactions: Transaction[] = [];
  const scripts = new Map<string, UploadScript>();
  const uploads = new Map<string, { record: UploadRecord; script: UploadScript }>();

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
      case 'PUT /api/profile':
        return json(200, {
          user_id: 'u1',
          ...Object.fromEntries(PROFILE_FIELDS.map((f) => [f, null])),
          ...body,
          updated_at: new Date().toISOString(),
        });
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
    fetch: handle as typeof fetch,
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
  };
}
export type FakeApi = ReturnType<typeof createFakeApi>;
