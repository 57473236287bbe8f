import { AuthProvider } from '../auth/AuthProvider';
import { InvitationScreen } from '../features/members/InvitationScreen';

/** /invite for a signed-in visitor: the invitation screen with the auth state it needs. */
export function InvitationArea() {
  return (
    <AuthProvider>
      <InvitationScreen />
    </AuthProvider>
  );
}
