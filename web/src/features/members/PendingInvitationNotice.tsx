import { Link } from 'react-router';
import { pendingInviteToken } from '../../auth/local-state';
import { Alert } from '../../components/Alert';
import './pending-invitation.css';

/**
 * On the landing page, for a visitor who opened an invitation link signed out (spec 1 §4: the token is kept
 * and they are sent to /): what to do next. Signing in brings them back to the invitation. Light on purpose:
 * the landing page loads no auth code.
 */
export function PendingInvitationNotice() {
  if (!pendingInviteToken()) return null;
  return (
    <Alert tone="info" title="You've been invited to join a family" className="pending-invitation">
      <p>
        <Link to="/login">Sign in</Link> with the e-mail address the invitation was sent to, and you'll be
        taken back to it.
      </p>
    </Alert>
  );
}
