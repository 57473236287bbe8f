import { type ReactNode, useEffect, useState } from 'react';
import { FullScreenStatus } from '../../components/FullScreenStatus';
import { SUBSCRIPTION_LOADING_MESSAGE, useSubscription } from './api';

/**
 * While the subscription info loads after sign-in: 'Loading your account...' full screen (spec 1 §2), for
 * at most 5 seconds (§4, §9); then the app, with or without the info.
 */
export function SubscriptionGate({ userId, children }: { userId?: string | null; children: ReactNode }) {
  const { loading } = useSubscription(userId);
  // Once the app is shown it stays shown: a later reload of the info (a refetch) never hides it again.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) setShown(true);
  }, [loading]);
  if (loading && !shown) return <FullScreenStatus>{SUBSCRIPTION_LOADING_MESSAGE}</FullScreenStatus>;
  return <>{children}</>;
}
