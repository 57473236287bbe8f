import { Outlet } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';

/** The routes that need the auth state (/login, /app/*): loaded on demand, so the landing page stays light. */
export function AuthArea() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
