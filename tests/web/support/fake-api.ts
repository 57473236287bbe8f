import { INSTITUTIONS } from '../../../functions/adapters/dynamodb/catalogue/institutions';
import { SERVICE_TYPES } from '../../../functions/adapters/dynamodb/catalogue/service-types';
import type { Account, AccountRequest } from '../../../functions/contracts/accounts';
import type { Institution } from '../../../functions/contracts/institutions';
import { planAccountCreation } from '../../../functions/domain/accounts';
import { searchInstitutions } from '../../../functions/domain/institution-search';

/**
 * A stand-in for the API in component tests (the real API is exercised by the integration and browser
 * tests): serves the real catalogue with the real search rule, plans accounts with the real domain rule,
 * records every call and can be told to fail a route.
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
    switch (route) {
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
              id: `acc-${accounts.length + created.length + 1}`,
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
    fetch: handle as typeof fetch,
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
