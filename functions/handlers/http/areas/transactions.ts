import { areaRouter } from '../../../shared/http';
import { handler as changeCategories } from '../change-categories';
import { handler as changeCategory } from '../change-category';
import { handler as exportAccountTransactions } from '../export-account-transactions';
import { handler as listAccountTransactions } from '../list-account-transactions';
import { handler as listFamilyTransactions } from '../list-family-transactions';

/** The transactions area's function: its routes (manifest area 'transactions'), dispatched on the event's routeKey. */
export const handler = areaRouter('transactions', [
  listAccountTransactions,
  listFamilyTransactions,
  exportAccountTransactions,
  changeCategory,
  changeCategories,
]);
