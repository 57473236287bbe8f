import {
  type CleanupRef,
  cleanupAnalysisSchema,
  cleanupDeleteResponseSchema,
} from '../../../../functions/contracts/review';
import { apiRequest } from '../../api/client';

/** Data Cleanup's calls: the analysis, and one deletion batch (at most 100 rows). */
export const cleanupApi = {
  analyse: () => apiRequest('/transactions/cleanup', cleanupAnalysisSchema),
  deleteBatch: (transactions: CleanupRef[]) =>
    apiRequest('/transactions/cleanup', cleanupDeleteResponseSchema, {
      method: 'POST',
      body: { transactions },
    }),
};
