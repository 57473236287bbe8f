import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { queryClient } from './query-client';

/**
 * The routes that need the auth state (/login, /app/*), with the server state's cache: loaded on demand, so
 * the landing page stays light.
 */
export function AuthArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}
