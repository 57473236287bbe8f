import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { InvitationDetails } from '../../../../functions/contracts/members';
import { INVITATION_REDIRECT_MS, MEMBER_MESSAGES } from '../../../../functions/domain/members';
import { ApiError } from '../../api/client';
import { PENDING_INVITE_KEY } from '../../auth/local-state';
import { useAuth } from '../../auth/useAuth';
import { FullScreenStatus } from '../../components/FullScreenStatus';
import { STORAGE_KEYS } from '../onboarding/storage';
import { membersApi, useFamilyChanged, useInvitation } from './api';
import '../login/login.css';
import './members.css';

/**
 * The invitation screen at /invite?token=… (spec 1 §2 Invitation screen, §4 Invitation, §8):
 *  - signed out: the token is kept as pendingInviteToken and the visitor goes to /; after signing in they are
 *    brought back here (AppGate), and signing out forgets it;
 *  - 'Validating invitation...' while the invitation is checked;
 *  - valid: who invites them to which family, the e-mail they are signed in with, Decline and Accept
 *    Invitation (and, when they are in another family now, what accepting means for it);
 *  - accepted: 'Welcome to the Family!', 'Redirecting to dashboard...', then / after 2 seconds;
 *  - no token, a refused or failed check or acceptance: 'Invalid Invitation', the message, Go to Dashboard.
 */
export const VALIDATING_MESSAGE = 'Validating invitation...';

type Outcome = { state: 'accepted'; familyName: string } | { state: 'failed'; message: string } | null;

/** A refusal (4xx) says why in the server's words; anything else (server down, offline) is the spec's text. */
const checkMessage = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : MEMBER_MESSAGES.checkFailed;
/** Spec 1 §8: the server message, or the exception's, or 'Failed to accept invitation'. */
const acceptMessage = (error: unknown) =>
  (error instanceof Error && error.message) || MEMBER_MESSAGES.acceptFailed;

export function InvitationScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status } = useAuth();

  if (status === 'loading') return <FullScreenStatus>{VALIDATING_MESSAGE}</FullScreenStatus>;
  if (status === 'signedOut') {
    if (token) localStorage.setItem(PENDING_INVITE_KEY, token);
    return <Navigate to="/" replace state={{ signedOut: true }} />;
  }
  if (!token) return <InvalidInvitation message={MEMBER_MESSAGES.noToken} />;
  return <SignedInInvitation token={token} />;
}

function SignedInInvitation({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const navigate = useNavigate();

  // The token is in the address now: the one kept for after sign-in has done its job.
  useEffect(() => {
    localStorage.removeItem(PENDING_INVITE_KEY);
  }, []);

  useEffect(() => {
    if (outcome?.state !== 'accepted') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (outcome?.state === 'accepted') return <Welcome familyName={outcome.familyName} />;
  if (outcome?.state === 'failed') return <InvalidInvitation message={outcome.message} />;
  if (invitation.isPending) return <FullScreenStatus>{VALIDATING_MESSAGE}</FullScreenStatus>;
  if (invitation.isError) return <InvalidInvitation message={checkMessage(invitation.error)} />;
  return <ValidInvitation token={token} details={invitation.data} onOutcome={setOutcome} />;
}

function ValidInvitation({
  token,
  details,
  onOutcome,
}: {
  token: string;
  details: InvitationDetails;
  onOutcome(outcome: Outcome): void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const familyChanged = useFamilyChanged();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  const accept = async () => {
    setBusy('accept');
    try {
      const result = await membersApi.acceptInvitation(token);
      if (!result.success) {
        onOutcome({ state: 'failed', message: result.message || MEMBER_MESSAGES.acceptFailed });
        return;
      }
      localStorage.setItem(STORAGE_KEYS.familyId, result.family_id);
      localStorage.removeItem(PENDING_INVITE_KEY);
      await familyChanged();
      onOutcome({ state: 'accepted', familyName: result.family_name });
    } catch (error) {
      onOutcome({ state: 'failed', message: acceptMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const decline = async () => {
    setBusy('decline');
    try {
      await membersApi.declineInvitation(token);
    } catch (error) {
      console.error('Declining the invitation failed:', error);
    }
    localStorage.removeItem(PENDING_INVITE_KEY);
    navigate('/', { replace: true });
  };

  const current = details.current_family;
  return (
    <main className="auth-page">
      <section className="auth-card invitation-card" aria-labelledby={`${id}-title`}>
        <p className="auth-brand">Family Finance</p>
        <h1 id={`${id}-title`}>You're invited to join {details.family_name}</h1>
        <dl className="invitation-facts">
          <div>
            <dt>Invited by</dt>
            <dd>{details.inviter}</dd>
          </div>
          <div>
            <dt>Family</dt>
            <dd>{details.family_name}</dd>
          </div>
          <div>
            <dt>Your e-mail</dt>
            <dd>{details.email}</dd>
          </div>
        </dl>
        {details.already_member ? (
          <p className="auth-muted">
            You joined this family when you signed up with this address. Accept to go to it, or Decline to
            leave it.
          </p>
        ) : (
          <p className="auth-muted">
            As a member you'll see the family's accounts, transactions and insights, and can upload
            statements.
          </p>
        )}
        {current && (
          <div className="auth-alert" role="note">
            You're in <strong>{current.name}</strong> now. Accepting makes {details.family_name} the family
            you see.{' '}
            {current.owned
              ? `${current.name}${current.has_data ? ' and everything in it are' : ' is'} kept, and you can switch back to it at any time from the header.`
              : `You stay a member of ${current.name} and can switch back to it from the header.`}
          </div>
        )}
        <div className="invitation-actions">
          <button type="button" className="button" onClick={() => void decline()} disabled={busy !== null}>
            Decline
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => void accept()}
            disabled={busy !== null}
            aria-busy={busy === 'accept' || undefined}
          >
            Accept Invitation
          </button>
        </div>
      </section>
    </main>
  );
}

function Welcome({ familyName }: { familyName: string }) {
  return (
    <main className="auth-page">
      <section className="auth-card invitation-card" aria-labelledby="invitation-welcome" role="status">
        <p className="auth-brand">Family Finance</p>
        <h1 id="invitation-welcome">Welcome to the Family!</h1>
        <p>You're now a member of {familyName}.</p>
        <p className="auth-muted">Redirecting to dashboard...</p>
      </section>
    </main>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <main className="auth-page">
      <section className="auth-card invitation-card" aria-labelledby="invitation-invalid">
        <p className="auth-brand">Family Finance</p>
        <h1 id="invitation-invalid">Invalid Invitation</h1>
        <div className="auth-alert danger" role="alert">
          {message}
        </div>
        <Link className="button primary auth-submit" to="/app">
          Go to Dashboard
        </Link>
      </section>
    </main>
  );
}
