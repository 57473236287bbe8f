import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import {
  type AccountItem,
  type AccountSummaryBase,
  getAccount,
  listAccounts,
  putAccountIfAbsent,
  storeAccountSummary,
  updateAccount,
} from '../adapters/dynamodb/account-repository';
import { getInstitution } from '../adapters/dynamodb/institution-repository';
import {
  countAccountTransactions,
  hasTransactions,
  latestTransactionDate,
} from '../adapters/dynamodb/transaction-pages';
import { listAccountUploads } from '../adapters/dynamodb/upload-repository';
import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountDerived,
  type AccountRequest,
  type AccountWithSummary,
  type CreateAccountsRequest,
  type CreateAccountsResponse,
  type ListAccountsQuery,
  type UpdateAccountRequest,
} from '../contracts/accounts';
import type { Institution, ServiceTypeCode } from '../contracts/institutions';
import { ACCOUNT_ERRORS, type NewAccountRow, planAccountCreation } from '../domain/accounts';
import type { FamilyContext, ReadAlong } from '../shared/context';
import { AppError, NotFoundError, ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type AccountsDeps = Pick<Ports, 'now'>;

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

const isArchived = (a: AccountItem) => a.is_archived || !a.is_active;

/**
 * The family's active (not archived) accounts, oldest first, or its archived ones, last archived first
 * (spec 2 §7), with institution name, type, services and the derived fields.
 */
export async function familyAccounts(
  family: FamilyContext,
  status: ListAccountsQuery['status'] = 'active',
): Promise<AccountWithSummary[]> {
  const all = await listAccounts(family.familyId);
  const items =
    status === 'active'
      ? all.filter((a) => !isArchived(a))
      : all
          .filter(isArchived)
          .sort(
            (a, b) => (b.archived_at ?? '').localeCompare(a.archived_at ?? '') || a.id.localeCompare(b.id),
          );
  const institutions = await institutionsById(items.map((a) => a.institution_id));
  return Promise.all(items.map(async (a) => ({ ...toAccount(a, institutions), ...(await derivedOf(a)) })));
}

/** The derived fields (spec 2 §3) read from the account's rows and uploads. */
async function computeDerived(familyId: string, accountId: string): Promise<AccountDerived> {
  const [count, latest, uploads] = await Promise.all([
    countAccountTransactions(familyId, accountId),
    latestTransactionDate(familyId, accountId),
    listAccountUploads(familyId, accountId),
  ]);
  const loaded = uploads.filter((u) => u.stage === 'done').map((u) => u.createdAt);
  return {
    transaction_count: count,
    last_transaction_date: latest,
    last_statement_upload: loaded.length ? loaded.reduce((a, b) => (a > b ? a : b)) : null,
  };
}

/** The stored derived fields, or (before any statement has loaded) computed now. */
async function derivedOf(item: AccountItem): Promise<AccountDerived> {
  if (typeof item.transaction_count === 'number')
    return {
      transaction_count: item.transaction_count,
      last_transaction_date: item.last_transaction_date ?? null,
      last_statement_upload: item.last_statement_upload ?? null,
    };
  return computeDerived(item.family_id, item.id);
}

/**
 * Recompute and store an account's derived fields (never incremented, so a retried step cannot skew them):
 * after a statement loads or fails, and after one is removed.
 */
export async function refreshAccountSummary(familyId: string, accountId: string): Promise<void> {
  await storeAccountSummary(familyId, accountId, await computeDerived(familyId, accountId));
}

/**
 * The account's summary as it is before rows are written to it, for `addToAccountSummary` to add those rows
 * to (under the account's Persist lease, so no other statement writes its rows meanwhile): the stored count
 * and last date at their version, or for an account with no summary yet and no row, none. Null when the
 * summary has not been computed and the account has rows: it is recomputed after the write instead.
 */
export async function accountSummaryBase(
  familyId: string,
  account: AccountItem,
): Promise<AccountSummaryBase | null> {
  const version = account.summary_version ?? 0;
  if (typeof account.transaction_count === 'number')
    return { version, count: account.transaction_count, last: account.last_transaction_date ?? null };
  return (await hasTransactions(familyId, account.id)) ? null : { version, count: 0, last: null };
}

/** Store an account's last statement upload alone (after an upload became done; its rows were counted). */
export async function refreshLastStatementUpload(familyId: string, accountId: string): Promise<void> {
  const uploads = await listAccountUploads(familyId, accountId);
  const loaded = uploads.filter((u) => u.stage === 'done').map((u) => u.createdAt);
  await updateAccount(familyId, accountId, {
    last_statement_upload: loaded.length ? loaded.reduce((a, b) => (a > b ? a : b)) : null,
  });
}

async function withSummary(item: AccountItem | null): Promise<AccountWithSummary> {
  if (!item) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const institutions = await institutionsById([item.institution_id]);
  return { ...toAccount(item, institutions), ...(await derivedOf(item)) };
}

/**
 * Rename an account (its nickname). Another family's account is not found, before the body is judged; a
 * body with nothing to change is a 400.
 */
export async function renameAccount(
  family: FamilyContext,
  accountId: string,
  changes: UpdateAccountRequest,
): Promise<AccountWithSummary> {
  if (!(await getAccount(family.familyId, accountId))) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  if (changes.name === undefined) throw new ValidationError(ACCOUNT_MESSAGES.nothingToChange);
  return withSummary(await updateAccount(family.familyId, accountId, { name: changes.name }));
}

/**
 * Archive (spec 2 §4): the account is hidden from the lists, totals and pickers; its rows, statements and
 * derived fields are kept. Archiving an archived account changes nothing (its archived_at stays).
 */
export async function archiveAccount(
  deps: AccountsDeps,
  family: FamilyContext,
  accountId: string,
): Promise<AccountWithSummary> {
  const item = await getAccount(family.familyId, accountId);
  if (!item) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  if (item.is_archived) return withSummary(item);
  const archivedAt = deps.now().toISOString();
  return withSummary(
    await updateAccount(family.familyId, accountId, {
      is_archived: true,
      is_active: false,
      archived_at: archivedAt,
    }),
  );
}

/** Restore (spec 2 §4): back to active, with everything it held. Restoring an active account changes nothing. */
export async function restoreAccount(family: FamilyContext, accountId: string): Promise<AccountWithSummary> {
  const item = await getAccount(family.familyId, accountId);
  if (!item) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  if (!isArchived(item)) return withSummary(item);
  return withSummary(
    await updateAccount(family.familyId, accountId, {
      is_archived: false,
      is_active: true,
      archived_at: null,
    }),
  );
}

/** One of the family's accounts; an id of another family's account is simply not found. */
export async function familyAccount(
  family: FamilyContext,
  accountId: string,
  along?: ReadAlong,
): Promise<Account> {
  const item = await getAccount(family.familyId, accountId, along);
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
  deps: AccountsDeps,
  family: FamilyContext | null,
  request: CreateAccountsRequest,
): Promise<CreateAccountsResponse> {
  const planned: PlannedRequest[] = [];
  for (const account of request.accounts) planned.push(await plan(family?.familyId ?? null, account));
  if (!family) throw new ValidationError(ACCOUNT_ERRORS.familyRequired);
  const { familyId, userId } = family;

  const now = deps.now().toISOString();
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
