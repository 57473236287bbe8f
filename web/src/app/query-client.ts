import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Server state: retried only on the statuses the spec calls retryable (502, 503, 504), twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          failures < 2 && error instanceof ApiError && [502, 503, 504].includes(error.status),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The signed-in app's server state, one cache for the page's lifetime: created with the signed-in code (the
 * public pages read no server state, so the landing page does not load the query library).
 */
export const queryClient = createQueryClient();
