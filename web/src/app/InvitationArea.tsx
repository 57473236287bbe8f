import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from '../auth/AuthProvider';
import { InvitationScreen } from '../features/members/InvitationScreen';
import { queryClient } from './query-client';

/** /invite for a signed-in visitor: the invitation screen with the auth state and the server state it needs. */
export function InvitationArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <InvitationScreen />
      </AuthProvider>
    </QueryClientProvider>
  );
}
