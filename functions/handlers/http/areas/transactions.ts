import { areaRouter } from '../../../shared/http';
import { handler as analyseCleanup } from '../analyse-cleanup';
import { handler as deleteBadTransactions } from '../delete-bad-transactions';
import { handler as exportAccountTransactions } from '../export-account-transactions';
import { handler as getClassification } from '../get-classification';
import { handler as listAccountTransactions } from '../list-account-transactions';
import { handler as listFamilyTransactions } from '../list-family-transactions';
import { handler as listReviewTransactions } from '../list-review-transactions';
import { handler as runVerification } from '../run-verification';
import { handler as startClassification } from '../start-classification';

/** The transactions area's function: its routes (manifest area 'transactions'), dispatched on the event's routeKey. */
export const handler = areaRouter('transactions', [
  listAccountTransactions,
  listFamilyTransactions,
  exportAccountTransactions,
  listReviewTransactions,
  startClassification,
  getClassification,
  analyseCleanup,
  deleteBadTransactions,
  runVerification,
]);
