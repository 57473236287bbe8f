import { areaRouter } from '../../../app/http';
import { handler as acceptMatch } from '../accept-match';
import { handler as analyseCleanup } from '../analyse-cleanup';
import { handler as changeCategories } from '../change-categories';
import { handler as changeCategory } from '../change-category';
import { handler as correctTransactions } from '../correct-transactions';
import { handler as deleteBadTransactions } from '../delete-bad-transactions';
import { handler as deletePattern } from '../delete-pattern';
import { handler as exportAccountTransactions } from '../export-account-transactions';
import { handler as getClassification } from '../get-classification';
import { handler as listAccountNumbers } from '../list-account-numbers';
import { handler as listAccountTransactions } from '../list-account-transactions';
import { handler as listFamilyTransactions } from '../list-family-transactions';
import { handler as listMatches } from '../list-matches';
import { handler as listPatterns } from '../list-patterns';
import { handler as listReviewTransactions } from '../list-review-transactions';
import { handler as rejectMatch } from '../reject-match';
import { handler as runVerification } from '../run-verification';
import { handler as setAccountNumbers } from '../set-account-numbers';
import { handler as similarForCategory } from '../similar-for-category';
import { handler as startClassification } from '../start-classification';

/** The transactions area's function: its routes (manifest area 'transactions'), dispatched on the event's routeKey. */
export const handler = areaRouter('transactions', [
  listAccountTransactions,
  listFamilyTransactions,
  exportAccountTransactions,
  correctTransactions,
  listPatterns,
  deletePattern,
  listMatches,
  acceptMatch,
  rejectMatch,
  listAccountNumbers,
  setAccountNumbers,
  changeCategory,
  changeCategories,
  similarForCategory,
  listReviewTransactions,
  startClassification,
  getClassification,
  analyseCleanup,
  deleteBadTransactions,
  runVerification,
]);
