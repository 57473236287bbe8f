import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import {
  type AccountItem,
  getAccount,
  listAccounts,
  putAccountIfAbsent,
} from '../adapters/dynamodb/account-repository';
import { getInstitution } from '../adapters/dynamodb/institution-repository';
import type {
  Account,
  AccountRequest,
  CreateAccountsRequest,
  CreateAccountsResponse,
} from '../contracts/accounts';
import type { Institution, ServiceTypeCode } from '../contracts/institutions';
import { ACCOUNT_ERRORS, type NewAccountRow, planAccountCreation } from '../domain/accounts';
import { services } from '../shared/container';
import { AppError, NotFoundError, ValidationError } from '../shared/errors';
import type { FamilyContext } from '../shared/http';

/**
 * Accounts (spec 2 §3, §5, §8): the family's accounts with their institution, and creation by the domain's
 * rules (one account per selected service of a catalogue institution, else one). The family always comes
 * from the caller's membership, resolved by the HTTP middleware (FamilyContext). Every request is validated in full before anything is written, and account
 * ids derive from the client's request id, so a retried request creates nothing twice.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID-shaped id: the request id's time part and 16 characters of hash(request id, key). */
export function derivedAccountId(clientId: string, key: string): string {
  const digest = createHash('sha256').update(`${clientId}:${key}`).digest();
  let random = '';
  for (let i = 0; i < 16; i++) random += CROCKFORD[digest[i]! % 32];
  return `${clientId.slice(0, 10)}${random}`;
}

async function institutionsById(ids: Array<string | null>): Promise<Map<string, Institution>> {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const found = await Promise.all(unique.map((id) => getInstitution(id)));
  return new Map(found.filter((i): i is Institution => i !== null).map((i) => [i.id, i]));
}

function toAccount(item: AccountItem, institutions: Map<string, Institution>): Account {
  const institution = item.institution_id ? institutions.get(item.institution_id) : undefined;
  return {
    id: item.id,
    family_id: item.family_id,
    name: item.name,
    bank_name: item.bank_name,
    account_type: item.account_type,
    institution_id: item.institution_id,
    detected_institution_id: item.detected_institution_id,
    is_active: item.is_active,
    is_archived: item.is_archived,
    archived_at: item.archived_at,
    created_at: item.created_at,
    services: item.services,
    institution_display_name: institution?.display_name ?? null,
    institution_type: institution?.type ?? null,
  };
}

/** The family's active (not archived) accounts, oldest first, with institution name, type and services. */
export async function familyAccounts(family: FamilyContext): Promise<Account[]> {
  const items = (await listAccounts(family.familyId)).filter((a) => a.is_active && !a.is_archived);
  const institutions = await institutionsById(items.map((a) => a.institution_id));
  return items.map((a) => toAccount(a, institutions));
}

/** One of the family's accounts; an id of another family's account is simply not found. */
export async function familyAccount(family: FamilyContext, accountId: string): Promise<Account> {
  const item = await getAccount(family.familyId, accountId);
  if (!item) throw new NotFoundError('Account not found');
  return toAccount(item, await institutionsById([item.institution_id]));
}

interface PlannedRequest {
  bank: string;
  clientId: string | undefined;
  rows: NewAccountRow[];
}

async function plan(familyId: string | null, request: AccountRequest): Promise<PlannedRequest> {
  let institution: Institution | null = null;
  if (request.institution_id) {
    institution = await getInstitution(request.institution_id);
    if (institution?.status !== 'active') {
      throw new ValidationError(ACCOUNT_ERRORS.forBank(request.bank_name || 'the chosen bank'));
    }
  }
  // Only services the institution offers can be linked.
  const offered = new Set<string>(institution?.services ?? []);
  const result = planAccountCreation({
    familyId,
    institution,
    selectedServices: request.services.filter((s) => offered.has(s)),
    accountName: request.name ?? null,
    manualBankName: institution ? undefined : (request.bank_name ?? undefined),
    accountType: request.account_type,
  });
  if (!result.ok) throw new ValidationError(result.error);
  return {
    bank: result.rows[0]?.bank_name ?? request.bank_name ?? '',
    clientId: request.client_id,
    rows: result.rows,
  };
}

/** Every request is checked (spec 2 §5 messages) before a missing family is: 'Family ID is required'. */
export async function createAccounts(
  family: FamilyContext | null,
  request: CreateAccountsRequest,
): Promise<CreateAccountsResponse> {
  const planned: PlannedRequest[] = [];
  for (const account of request.accounts) planned.push(await plan(family?.familyId ?? null, account));
  if (!family) throw new ValidationError(ACCOUNT_ERRORS.familyRequired);
  const { familyId, userId } = family;

  const now = services().now().toISOString();
  const items: AccountItem[] = [];
  let created = 0;
  for (const { bank, clientId, rows } of planned) {
    try {
      for (const row of rows) {
        const item: AccountItem = {
          id: clientId ? derivedAccountId(clientId, row.service ?? 'account') : ulid(),
          family_id: familyId,
          name: row.name,
          bank_name: row.bank_name,
          account_type: row.account_type,
          institution_id: row.institution_id,
          detected_institution_id: row.detected_institution_id,
          services: row.service ? [row.service as ServiceTypeCode] : [],
          is_active: true,
          is_archived: false,
          archived_at: null,
          created_at: now,
          created_by: userId,
          position: items.length,
        };
        if (await putAccountIfAbsent(item)) {
          created++;
          items.push(item);
        } else {
          // Created by an earlier attempt of this request: a success, reported as it is stored.
          items.push((await getAccount(familyId, item.id)) ?? item);
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(ACCOUNT_ERRORS.forBank(bank), 500, 'account_create_failed');
    }
  }
  const institutions = await institutionsById(items.map((a) => a.institution_id));
  return { accounts: items.map((a) => toAccount(a, institutions)), created };
}
