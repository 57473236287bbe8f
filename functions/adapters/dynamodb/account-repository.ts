import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountType } from '../../contracts/accounts';
import type { ServiceTypeCode } from '../../contracts/institutions';
import type { CsvMapping } from '../../domain/exports/mapping';
import type { ReadAlong } from '../../shared/context';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryPrefix } from './paging';
import { readAlongItem } from './read-along';

/**
 * The family's accounts (spec 2 §3), under the family's partition so a family can only ever reach its own.
 * The account's service links (account_services, unique per pair) are a set on the item: linking a service
 * twice is the same set, which is the spec's "duplicate service link counts as success".
 */
export interface AccountItem {
  id: string;
  family_id: string;
  name: string;
  bank_name: string | null;
  account_type: AccountType;
  institution_id: string | null;
  detected_institution_id: string | null;
  services: ServiceTypeCode[];
  is_active: boolean;
  is_archived: boolean;
  archived_at: string | null;
  created_at: string;
  created_by: string;
  /** Order within the request that created it (accounts created together share created_at). */
  position?: number;
  /**
   * Derived fields (spec 2 §3), recomputed from the account's rows and uploads whenever a statement loads,
   * fails or is removed (services/accounts.ts refreshAccountSummary); absent until the first time.
   */
  transaction_count?: number;
  last_transaction_date?: string | null;
  last_statement_upload?: string | null;
  /**
   * Raised by one with every write of the count and last transaction date (`storeAccountSummary`,
   * `addToAccountSummary`); absent (0) before the first. A summary read before rows were written takes those
   * rows as a sum only while it is still this version.
   */
  summary_version?: number;
  /**
   * The account as its statements name it (functions/domain/account-numbers.ts): sort code (6 digits) and
   * account number, or a card's last four digits; learned from the first statement that prints them.
   */
  sort_code?: string | null;
  account_number?: string | null;
  card_last4?: string | null;
  /**
   * How the family said to read the account's CSV files of a layout the reader does not know, each kept for
   * the file's header (functions/domain/exports/mapping.ts).
   */
  csv_mappings?: Array<{ header: string[]; mapping: CsvMapping }>;
  /** The order of the dates in the account's QIF files, as the family said when a file could not tell. */
  qif_date_order?: 'dmy' | 'mdy';
}

/** What may change on an account after it is created. */
export type AccountChanges = Partial<
  Pick<
    AccountItem,
    | 'name'
    | 'is_active'
    | 'is_archived'
    | 'archived_at'
    | 'last_statement_upload'
    | 'sort_code'
    | 'account_number'
    | 'card_last4'
    | 'csv_mappings'
    | 'qif_date_order'
  >
>;

function toAccount(item: Record<string, unknown>): AccountItem {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return {
    bank_name: null,
    institution_id: null,
    detected_institution_id: null,
    archived_at: null,
    is_archived: false,
    is_active: true,
    ...rest,
    services: Array.isArray(rest.services) ? (rest.services as ServiceTypeCode[]) : [],
  } as AccountItem;
}

/** Every account of the family (active and archived), oldest first: by created_at, then request order. */
export async function listAccounts(familyId: string): Promise<AccountItem[]> {
  const prefix = keys.accountsPrefix(familyId);
  const items = (await queryPrefix(prefix, { consistentRead: true })).map(toAccount);
  return items.sort(
    (a, b) =>
      a.created_at.localeCompare(b.created_at) ||
      (a.position ?? 0) - (b.position ?? 0) ||
      a.id.localeCompare(b.id),
  );
}

/** One account of the family (consistent), or the one the middleware read with the membership (`along`). */
export async function getAccount(
  familyId: string,
  accountId: string,
  along?: ReadAlong,
): Promise<AccountItem | null> {
  const read = readAlongItem(along, familyId, { kind: 'account', id: accountId });
  if (read !== undefined) return read ? toAccount(read) : null;
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.account(familyId, accountId), ConsistentRead: true }),
  );
  return out.Item ? toAccount(out.Item) : null;
}

/**
 * Create an account unless its id exists. The id is derived from the client's request id when it sent one,
 * so a retried request finds its accounts already there: false means "already created", not a failure.
 */
export async function putAccountIfAbsent(account: AccountItem): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.account(account.family_id, account.id), entity: 'account', ...account },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Change an existing account; the account as it now is, or null when there is no such account. */
export async function updateAccount(
  familyId: string,
  accountId: string,
  changes: AccountChanges,
): Promise<AccountItem | null> {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  if (!entries.length) return getAccount(familyId, accountId);
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(familyId, accountId),
        UpdateExpression: `SET ${entries.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#a${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toAccount(out.Attributes) : null;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}

/** An account's count of rows and last transaction date as read, with the version they were read at. */
export interface AccountSummaryBase {
  version: number;
  count: number;
  last: string | null;
}

/** The summary's version condition: the version read (0: never written). */
const summaryIs = (version: number) =>
  version === 0
    ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(summary_version)' }
    : {
        ConditionExpression: 'attribute_exists(pk) AND summary_version = :version',
        version: { ':version': version },
      };

/**
 * Store an account's derived fields as recomputed from its rows and uploads, raising the summary's version
 * (so a sum computed from an earlier version is not stored over it: `addToAccountSummary`).
 */
export async function storeAccountSummary(
  familyId: string,
  accountId: string,
  summary: {
    transaction_count: number;
    last_transaction_date: string | null;
    last_statement_upload: string | null;
  },
): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(familyId, accountId),
        UpdateExpression:
          'SET transaction_count = :count, last_transaction_date = :last, last_statement_upload = :upload ADD summary_version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':count': summary.transaction_count,
          ':last': summary.last_transaction_date,
          ':upload': summary.last_statement_upload,
          ':one': 1,
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return; // no such account (as updateAccount)
    throw error;
  }
}

/**
 * Store the count and last transaction date that `base` and the rows written since give (`count` new rows,
 * the newest dated `newest`), only if the summary is still at `base.version`: false when another write of
 * it came in between (the caller recomputes it from the rows instead).
 */
export async function addToAccountSummary(
  familyId: string,
  accountId: string,
  base: AccountSummaryBase,
  added: { count: number; newest: string },
): Promise<boolean> {
  const { ConditionExpression, version } = summaryIs(base.version);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(familyId, accountId),
        UpdateExpression:
          'SET transaction_count = :count, last_transaction_date = :last ADD summary_version :one',
        ConditionExpression,
        ExpressionAttributeValues: {
          ':count': base.count + added.count,
          ':last': base.last && base.last > added.newest ? base.last : added.newest,
          ':one': 1,
          ...version,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
