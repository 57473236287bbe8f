import { Link, Navigate } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { FullScreenStatus } from '../components/FullScreenStatus';

/** /subscription/success and /subscription/cancelled: where checkout returns a signed-in user (spec 1 §2). */
export function SubscriptionReturn({ outcome }: { outcome: 'success' | 'cancelled' }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenStatus>Loading your account...</FullScreenStatus>;
  if (status === 'signedOut') return <Navigate to="/" replace />;
  return (
    <main className="legal">
      <h1>{outcome === 'success' ? 'Welcome to Pro' : 'Checkout cancelled'}</h1>
      <p>
        {outcome === 'success'
          ? 'Thank you. Your payment went through and your family now has the Pro plan.'
          : 'No payment was taken. You can upgrade any time from the app.'}
      </p>
      <p>
        <Link className="button primary" to="/app">
          Go to Dashboard
        </Link>
      </p>
    </main>
  );
}
