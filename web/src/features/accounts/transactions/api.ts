import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { transactionPageSchema } from '../../../../../functions/contracts/transactions';
import { transactionsCsvFileName } from '../../../../../functions/domain/csv';
import { localDate } from '../../../../../functions/domain/dates';
import { apiDownload, apiRequest } from '../../../api/client';
import { TRANSACTIONS_KEY } from '../../../api/transaction-events';
import type { DateRange } from './periods';

/**
 * An account's transactions page by page (GET /api/accounts/{id}/transactions with the opaque cursor, newest
 * first, same-date rows in the API's order) and its CSV export. The pages sit under TRANSACTIONS_KEY, so the
 * global transaction events reload them.
 */
export const PAGE_SIZE = 200;

export const accountRowsKeys = {
  pages: (accountId: string, range: DateRange) =>
    [...TRANSACTIONS_KEY, 'account-pages', accountId, range.from ?? null, range.to ?? null] as const,
};

export const accountRowsApi = {
  page: (accountId: string, range: DateRange, cursor: string | null, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(accountId)}/transactions`, transactionPageSchema, {
      query: { limit: String(PAGE_SIZE), cursor, from: range.from, to: range.to },
      signal,
    }),
  csv: (accountId: string, range: DateRange) =>
    apiDownload(`/accounts/${encodeURIComponent(accountId)}/transactions/csv`, {
      query: { from: range.from, to: range.to },
      accept: 'text/csv',
    }),
};

export const accountRowsQuery = (accountId: string, range: DateRange) =>
  infiniteQueryOptions({
    queryKey: accountRowsKeys.pages(accountId, range),
    queryFn: ({ pageParam, signal }) => accountRowsApi.page(accountId, range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

/** Every page loaded so far of one account's rows in a period; fetchNextPage loads the next. */
export function useAccountRows(accountId: string, range: DateRange) {
  return useInfiniteQuery(accountRowsQuery(accountId, range));
}

/** The account's CSV for the period, as the server writes it, saved under the server's file name. */
export function useExportAccountCsv(save: (blob: Blob, fileName: string) => void) {
  return useMutation({
    mutationFn: async ({
      accountId,
      accountName,
      range,
    }: {
      accountId: string;
      accountName: string;
      range: DateRange;
    }) => {
      const file = await accountRowsApi.csv(accountId, range);
      const fileName = file.fileName ?? transactionsCsvFileName(accountName, localDate(new Date()));
      save(file.blob, fileName);
      return fileName;
    },
  });
}
