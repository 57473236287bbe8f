import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useTransactionEvents } from '../../../web/src/api/useTransactionEvents';
import { createQueryClient } from '../../../web/src/app/query-client';
import { UploadPage } from '../../../web/src/features/upload/UploadPage';
import type { FakeApi } from './fake-api';

/**
 * The File Upload page as the app shell serves it: the app's query client and the shell's reload of every
 * transaction list on 'transactions-uploaded' / 'transactions-updated'.
 */
function ShellPage() {
  useTransactionEvents();
  return <UploadPage />;
}

export function renderUploadPage() {
  const client = createQueryClient();
  return {
    ...render(
      <QueryClientProvider client={client}>
        <ShellPage />
      </QueryClientProvider>,
    ),
    client,
  };
}

export const FAMILY_ID = '01JD8Z0000000000000000FAM1';

/** A family with these accounts (by bank and nickname); returns their ids. */
export async function givenAccounts(
  api: FakeApi,
  accounts: Array<{ bank_name: string; name: string; account_type?: string }>,
): Promise<string[]> {
  api.setFamily(FAMILY_ID);
  const response = await api.fetch('/api/accounts', { method: 'POST', body: JSON.stringify({ accounts }) });
  const body = (await response.json()) as { accounts: Array<{ id: string }> };
  api.calls.length = 0;
  return body.accounts.map((a) => a.id);
}

export const pdf = (name: string, bytes = 2048) =>
  new File([new Uint8Array(bytes).fill(37)], name, { type: 'application/pdf' });
