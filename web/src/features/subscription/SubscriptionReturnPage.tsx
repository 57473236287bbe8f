import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../auth/useAuth';
import { FullScreenStatus } from '../../components/FullScreenStatus';
import { subscriptionQuery } from '../family/api';
import { SUBSCRIPTION_LOADING_MESSAGE } from './api';
import './subscription.css';

/** How long the success page waits for Stripe's confirmation (the webhook) before saying it is still coming. */
export const CONFIRMATION_WAIT_MS = 30_000;
const POLL_MS = 1500;

export const RETURN_COPY = {
  confirmed: 'Payment received — welcome to Pro',
  confirming: 'Confirming your payment...',
  late: 'Still confirming your payment',
  cancelled: 'Checkout cancelled',
} as const;

/**
 * /subscription/success and /subscription/cancelled (spec 1 §2, §4): where checkout returns a signed-in user.
 * Success shows only what is true: it reads the subscription until Stripe's webhook has made the family
 * active, says it is still confirming when the webhook is late, and never claims a payment that did not
 * happen. Cancelled says nothing was charged.
 */
export function SubscriptionReturnPage({ outcome }: { outcome: 'success' | 'cancelled' }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenStatus>{SUBSCRIPTION_LOADING_MESSAGE}</FullScreenStatus>;
  if (status === 'signedOut') return <Navigate to="/" replace />;
  return (
    <main className="legal subscription-return">
      {outcome === 'success' ? (
        <Confirmation />
      ) : (
        <>
          <h1>{RETURN_COPY.cancelled}</h1>
          <p>Nothing was charged. Your plan has not changed, and you can upgrade any time from the app.</p>
        </>
      )}
      <p>
        <Link className="button primary" to="/app">
          Go to Dashboard
        </Link>
      </p>
    </main>
  );
}

function Confirmation() {
  const [late, setLate] = useState(false);
  const query = useQuery({
    ...subscriptionQuery(),
    refetchOnMount: 'always',
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'active' || late ? false : POLL_MS),
  });
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), CONFIRMATION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  if (query.data?.status === 'active') {
    return (
      <>
        <h1>{RETURN_COPY.confirmed}</h1>
        <p role="status">
          Stripe has confirmed your payment: your family now has the Pro plan, £9.99 a month.
        </p>
      </>
    );
  }
  if (!late) {
    return (
      <>
        <h1>{RETURN_COPY.confirming}</h1>
        <p role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" /> We are waiting for Stripe to confirm your payment.
          This usually takes a few seconds.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>{RETURN_COPY.late}</h1>
      <p role="status">
        We have not had Stripe's confirmation yet. If you completed the payment, your plan will change to Pro
        as soon as it arrives: there is no need to pay again. If you left the checkout page, nothing was
        charged.
      </p>
      <p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setLate(false);
            void query.refetch();
          }}
        >
          Check again
        </button>
      </p>
    </>
  );
}
