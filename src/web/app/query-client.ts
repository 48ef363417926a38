import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-error';

/** The API client already retries once where it is safe; Query must not stack its own retries on top. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && error instanceof ApiError && error.isNetworkError,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
