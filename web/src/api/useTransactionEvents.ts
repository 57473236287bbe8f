import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED, TRANSACTIONS_UPLOADED } from './transaction-events';

/** Reloads every transaction list on 'transactions-uploaded' and 'transactions-updated' (mounted by the shell). */
export function useTransactionEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const reload = () => void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    window.addEventListener(TRANSACTIONS_UPLOADED, reload);
    window.addEventListener(TRANSACTIONS_UPDATED, reload);
    return () => {
      window.removeEventListener(TRANSACTIONS_UPLOADED, reload);
      window.removeEventListener(TRANSACTIONS_UPDATED, reload);
    };
  }, [client]);
}
