import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  checkoutResponseSchema,
  portalResponseSchema,
  type SubscriptionInfoResponse,
  subscriptionInfoSchema,
} from '../../../../functions/contracts/subscription';
import {
  type DismissalKey,
  PRO_PLAN,
  SUBSCRIPTION_MESSAGES,
} from '../../../../functions/domain/subscription';
import { ApiError, apiRequest } from '../../api/client';
import { familyKeys, subscriptionQuery } from '../family/api';

/**
 * The subscription (spec 1 §3, §4, §7): its info (the same query and key as the family feature's, so
 * onboarding's trial start refreshes it), banner dismissals, checkout and the billing portal.
 */
export const SUBSCRIPTION_LOADING_TIMEOUT_MS = 5000;
export const SUBSCRIPTION_LOADING_MESSAGE = 'Loading your account...';

export const subscriptionApi = {
  dismiss: (key: DismissalKey) =>
    apiRequest('/subscription/notifications', subscriptionInfoSchema, {
      method: 'POST',
      body: { notification_type: key },
    }),
  checkout: () =>
    apiRequest('/subscription/checkout', checkoutResponseSchema, {
      method: 'POST',
      body: { plan: PRO_PLAN.key },
    }),
  portal: () => apiRequest('/subscription/portal', portalResponseSchema, { method: 'POST', body: {} }),
};

/** spec 1 §8 'Subscription info failure': logged; a warning when the subscription functions look missing. */
export function logSubscriptionFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error('Error fetching subscription info:', message);
  if (/function|does not exist|not found/i.test(message))
    console.warn('Subscription functions may not be deployed. Subscription features are unavailable.');
}

/**
 * The subscription info as the app uses it: null while loading, on failure and when should_initialize (spec 1
 * §3: treated as no info). `loading` ends when the info arrives, on failure, or after 5 seconds (§4, §9).
 * One load at a time (the query is shared and deduplicated); reloaded when the signed-in user changes.
 */
export function useSubscription(userId?: string | null) {
  const client = useQueryClient();
  // A failed load is not retried by every part that reads the info as it mounts (one load at a time).
  const query = useQuery({ ...subscriptionQuery(), retryOnMount: false });
  const [timedOut, setTimedOut] = useState(false);
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== userId) {
      previousUser.current = userId;
      // Every part reading the info sees the change; the first one's reload serves them all.
      void client.invalidateQueries({ queryKey: familyKeys.subscription }, { cancelRefetch: false });
    }
    setTimedOut(false);
    const timer = setTimeout(() => setTimedOut(true), SUBSCRIPTION_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [client, userId]);
  useEffect(() => {
    if (query.error) logSubscriptionFailure(query.error);
  }, [query.error]);
  const info: SubscriptionInfoResponse | null =
    query.data && !query.data.should_initialize ? query.data : null;
  return { info, loading: query.isPending && !timedOut, query };
}

/** Record a banner dismissal (spec 1 §7 mark_notification_sent); the answer is the info as this member sees it. */
export function useDismissBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscriptionApi.dismiss,
    onSuccess: (info) => client.setQueryData(familyKeys.subscription, info),
    onError: (error) => console.error('Failed to record the dismissal:', (error as Error).message),
  });
}

/** The message an upgrade failure shows (spec 1 §8). */
export function upgradeErrorMessage(error: unknown): string {
  const known: string[] = [SUBSCRIPTION_MESSAGES.notConfigured, SUBSCRIPTION_MESSAGES.noSessionUrl];
  if (error instanceof ApiError && (known.includes(error.message) || error.status === 409))
    return error.message;
  return SUBSCRIPTION_MESSAGES.upgradeFailed;
}

/** Where the browser goes next (checkout, the portal): a seam for the component tests. */
export const navigation = {
  assign: (url: string) => window.location.assign(url),
};

/** Start checkout (spec 1 §4): create the session, then send the browser to its page. */
export function useUpgrade() {
  return useMutation({
    mutationFn: subscriptionApi.checkout,
    onSuccess: (session) => navigation.assign(session.session_url),
  });
}

/** The billing portal, for a family that pays: update the card, or cancel. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: subscriptionApi.portal,
    onSuccess: ({ url }) => navigation.assign(url),
  });
}
