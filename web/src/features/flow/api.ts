import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CorrectionRequest,
  correctionResponseSchema,
  deletePatternResponseSchema,
  patternListSchema,
} from '../../../../functions/contracts/corrections';
import {
  type Transaction,
  type TransactionPage,
  transactionPageSchema,
} from '../../../../functions/contracts/transactions';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * Transaction Flow's calls: the family's latest rows (spec 3 §9: the flow view reads 1000, the review the
 * first 500 of them), optionally of one account, and the corrections API. Under TRANSACTIONS_KEY, so the
 * global events reload them; a correction announces 'transactions-updated' so every list and figure reloads.
 */
export const FLOW_FETCH_LIMIT = 1000;
export const REVIEW_LOAD_LIMIT = 500;
export const REVIEW_PAGE_SIZE = 50;
const PAGE = 500;

/** A date range of the rows (a link's `from`/`to`; either may be null). */
export interface FlowRange {
  from: string | null;
  to: string | null;
}
const ALL_DATES: FlowRange = { from: null, to: null };

export const flowKeys = {
  rows: (accountId: string | null, range: FlowRange = ALL_DATES) =>
    [...TRANSACTIONS_KEY, 'flow', accountId, range.from, range.to] as const,
};

export interface FlowRows {
  rows: Transaction[];
  /** How many rows the family has (of the chosen account), all pages. */
  total: number;
}

async function loadRows(accountId: string | null, range: FlowRange, signal?: AbortSignal): Promise<FlowRows> {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const page: TransactionPage = await apiRequest('/transactions', transactionPageSchema, {
      query: { limit: String(PAGE), cursor, accounts: accountId, from: range.from, to: range.to },
      signal,
    });
    if (page.total !== null) total = page.total;
    rows.push(...page.transactions);
    cursor = page.next_cursor;
  } while (cursor && rows.length < FLOW_FETCH_LIMIT);
  return { rows: rows.slice(0, FLOW_FETCH_LIMIT), total: Math.max(total, rows.length) };
}

export const flowRowsQuery = (accountId: string | null, range: FlowRange = ALL_DATES) =>
  queryOptions({
    queryKey: flowKeys.rows(accountId, range),
    queryFn: ({ signal }) => loadRows(accountId, range, signal),
  });

export function useFlowRows(accountId: string | null, range: FlowRange = ALL_DATES) {
  return useQuery(flowRowsQuery(accountId, range));
}

export const correctionsApi = {
  correct: (request: CorrectionRequest) =>
    apiRequest('/transactions/corrections', correctionResponseSchema, { method: 'POST', body: request }),
  patterns: (signal?: AbortSignal) =>
    apiRequest('/patterns', patternListSchema, { signal }).then((r) => r.patterns),
  forgetPattern: (id: string) =>
    apiRequest(`/patterns/${encodeURIComponent(id)}`, deletePatternResponseSchema, {
      method: 'DELETE',
    }),
};

/** What the family's corrections taught (a correction adds one, so they sit under TRANSACTIONS_KEY). */
export function usePatterns() {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'patterns'],
    queryFn: ({ signal }) => correctionsApi.patterns(signal),
  });
}

export function useForgetPattern() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: correctionsApi.forgetPattern,
    onSuccess: () => client.invalidateQueries({ queryKey: [...TRANSACTIONS_KEY, 'patterns'] }),
  });
}

/** Save a correction (single or bulk); then 'transactions-updated' reloads every list and figure. */
export function useCorrectFlowType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: correctionsApi.correct,
    onSuccess: (result) => {
      if (result.updated > 0) window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      return client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}

export const refOf = (t: Transaction) => ({
  id: t.id,
  account_id: t.account_id,
  transaction_date: t.transaction_date,
});
