import { createHash } from 'node:crypto';
import { getAccount, listAccounts } from '../adapters/dynamodb/account-repository';
import {
  accountTransactionPage,
  countAccountTransactions,
  countFamilyTransactions,
  familyTransactionPage,
  type RowPosition,
} from '../adapters/dynamodb/transaction-pages';
import type { TransactionItem } from '../adapters/dynamodb/transaction-repository';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import {
  type FamilyTransactionsQuery,
  type FlowTypeFilter,
  TRANSACTION_PAGE_MESSAGES,
  type Transaction,
  type TransactionPage,
  type TransactionPageQuery,
  type TransactionsCsvQuery,
} from '../contracts/transactions';
import { transactionsCsv, transactionsCsvFileName } from '../domain/csv';
import type { FamilyContext, ReadAlong } from '../shared/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type TransactionsDeps = Pick<Ports, 'now'>;

export function toTransaction(item: TransactionItem): Transaction {
  return {
    id: item.id,
    account_id: item.account_id,
    transaction_date: item.transaction_date,
    description: item.description,
    amount: item.amount,
    signed_amount: item.signed_amount ?? null,
    type: item.type ?? null,
    balance: item.balance ?? null,
    flow_type: item.flow_type ?? null,
    user_corrected_flow_type: item.user_corrected_flow_type ?? null,
    classification_confidence: item.classification_confidence ?? null,
    classification_method: item.classification_method ?? null,
    created_at: item.created_at,
    ...(item.not_checked ? { not_checked: true } : {}),
    ...categoryOf(item),
  };
}

/** The row's category fields, when it has them (rows that count as spending). */
function categoryOf(item: TransactionItem): Partial<Transaction> {
  const row = item as TransactionItem & Partial<Record<string, string | number | null>>;
  if (row.category_source === undefined) return {};
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    category_id: text(row.category_id),
    subcategory_id: text(row.subcategory_id),
    primary_category: text(row.primary_category),
    subcategory: text(row.subcategory),
    merchant_name: text(row.merchant_name),
    category_confidence: typeof row.category_confidence === 'number' ? row.category_confidence : null,
  };
}

// ── cursors ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A cursor is the last row of the page (date, account, position, id) and a digest of the list it belongs to
 * (the account or accounts, the range, the flow type), base64url: opaque to the client, and refused with a
 * clear message when tampered with or used with other filters.
 */
const listDigest = (parts: unknown[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);

export function encodeCursor(position: RowPosition, digest: string): string {
  const { date, account, position: p, id } = position;
  return Buffer.from(JSON.stringify([date, account, p, id, digest])).toString('base64url');
}

export function decodeCursor(cursor: string, digest: string): RowPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 5) {
      const [date, account, position, id, of] = value as unknown[];
      if (
        typeof date === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(date) &&
        typeof account === 'string' &&
        typeof position === 'number' &&
        Number.isInteger(position) &&
        typeof id === 'string' &&
        of === digest
      )
        return { date, account, position, id };
    }
  } catch {
    // Not base64url JSON: the same answer as any other cursor that is not this list's.
  }
  throw new ValidationError(TRANSACTION_PAGE_MESSAGES.cursor, { field: 'cursor' });
}

// ── filters ────────────────────────────────────────────────────────────────────────────────────────────

type Row = Pick<TransactionItem, 'flow_type' | 'user_corrected_flow_type' | 'account_id'>;

/** The effective flow type (spec 2 §4): the family's correction, else the automatic one, else none. */
const effectiveFlowType = (row: Row) => row.user_corrected_flow_type ?? row.flow_type ?? null;

function flowFilter(flowType: FlowTypeFilter | undefined): ((row: Row) => boolean) | undefined {
  if (!flowType) return undefined;
  if (flowType === 'unclassified') return (row) => effectiveFlowType(row) === null;
  return (row) => effectiveFlowType(row) === flowType;
}

function checkRange(query: { from?: string | undefined; to?: string | undefined }) {
  if (query.from && query.to && query.from > query.to)
    throw new ValidationError(TRANSACTION_PAGE_MESSAGES.range, { field: 'from' });
}

async function requireAccountItem(familyId: string, accountId: string, along?: ReadAlong) {
  const account = await getAccount(familyId, accountId, along);
  if (!account) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  return account;
}

// ── pages ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One page of an account's transactions (another family's account: 404), newest first in statement order.
 * The first page carries the total: the account's stored count when nothing narrows it, else counted.
 */
export async function accountTransactions(
  family: FamilyContext,
  accountId: string,
  query: TransactionPageQuery,
  along?: ReadAlong,
): Promise<TransactionPage> {
  const { familyId } = family;
  checkRange(query);
  const account = await requireAccountItem(familyId, accountId, along);
  const digest = listDigest(['account', accountId, query.from, query.to, query.flow_type]);
  const after = query.cursor ? decodeCursor(query.cursor, digest) : null;
  const keep = flowFilter(query.flow_type);
  const range = { from: query.from, to: query.to };
  const page = await accountTransactionPage(familyId, accountId, {
    ...range,
    after,
    limit: query.limit,
    keep,
  });
  let total: number | null = null;
  if (!after)
    total =
      !query.from && !query.to && !keep && typeof account.transaction_count === 'number'
        ? account.transaction_count
        : await countAccountTransactions(familyId, accountId, { ...range, keep });
  return {
    transactions: page.rows.map(toTransaction),
    next_cursor: page.next ? encodeCursor(page.next, digest) : null,
    total,
  };
}

/**
 * One page of the family's transactions across accounts: the named accounts (each must be the family's,
 * archived ones too), else every account that is not archived.
 */
export async function familyTransactions(
  family: FamilyContext,
  query: FamilyTransactionsQuery,
): Promise<TransactionPage> {
  const { familyId } = family;
  checkRange(query);
  const accounts = await listAccounts(familyId);
  const requested = query.accounts ? [...new Set(query.accounts.split(','))].sort() : null;
  if (requested?.some((id) => !accounts.some((a) => a.id === id)))
    throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const chosen = accounts.filter((a) =>
    requested ? requested.includes(a.id) : !a.is_archived && a.is_active,
  );
  const ids = new Set(chosen.map((a) => a.id));
  const digest = listDigest(['family', requested, query.from, query.to, query.flow_type]);
  const after = query.cursor ? decodeCursor(query.cursor, digest) : null;
  const byFlow = flowFilter(query.flow_type);
  const keep = (row: Row) => ids.has(row.account_id) && (!byFlow || byFlow(row));
  const range = { from: query.from, to: query.to };
  const page = await familyTransactionPage(familyId, { ...range, after, limit: query.limit, keep });
  let total: number | null = null;
  if (!after) {
    const stored = chosen.map((a) => a.transaction_count);
    total =
      !query.from && !query.to && !byFlow && stored.every((n) => typeof n === 'number')
        ? stored.reduce<number>((sum, n) => sum + (n ?? 0), 0)
        : await countFamilyTransactions(familyId, { ...range, keep });
  }
  return {
    transactions: page.rows.map(toTransaction),
    next_cursor: page.next ? encodeCursor(page.next, digest) : null,
    total,
  };
}

// ── CSV export ─────────────────────────────────────────────────────────────────────────────────────────

const EXPORT_PAGE = 500;

/**
 * An account's transactions as CSV (functions/domain/csv.ts), newest first as listed, read page by page, with
 * the file name: the account's nickname and today's date.
 */
export async function accountTransactionsCsv(
  deps: TransactionsDeps,
  family: FamilyContext,
  accountId: string,
  query: TransactionsCsvQuery,
): Promise<{ fileName: string; csv: string }> {
  const { familyId } = family;
  checkRange(query);
  const account = await requireAccountItem(familyId, accountId);
  const keep = flowFilter(query.flow_type);
  const rows: TransactionItem[] = [];
  let after: RowPosition | null = null;
  do {
    const page = await accountTransactionPage(familyId, accountId, {
      from: query.from,
      to: query.to,
      after,
      limit: EXPORT_PAGE,
      keep,
    });
    rows.push(...page.rows);
    after = page.next;
  } while (after);
  const today = deps.now().toISOString().slice(0, 10);
  return {
    fileName: transactionsCsvFileName(account.name, today),
    csv: transactionsCsv(account.name, rows),
  };
}
