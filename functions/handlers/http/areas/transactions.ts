import { areaRouter } from '../../../shared/http';
import { handler as listAccountTransactions } from '../list-account-transactions';

/** The transactions area's function: its routes (manifest area 'transactions'), dispatched on the event's routeKey. */
export const handler = areaRouter('transactions', [listAccountTransactions]);
