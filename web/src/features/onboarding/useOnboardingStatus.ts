import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { accountsApi } from '../accounts/api';
import { isMarkedComplete, ONBOARDING_COMPLETE_EVENT, settleFinishedDraft } from './storage';

/**
 * Onboarding completeness (spec 1 §4): complete when the local flag onboardingComplete is set; otherwise
 * when the user's family has at least one account. A missing family, a failed query or one slower than
 * 5 s ('Family query timeout') all mean incomplete. Becomes complete when the wizard dispatches its
 * 'onboardingComplete' window event. A draft left at step 3 (a reload on 'You're all set!') completes it.
 */
export type OnboardingStatus = 'loading' | 'complete' | 'incomplete';

export const FAMILY_QUERY_TIMEOUT_MS = 5000;
export const onboardingStatusKey = ['onboarding-status'] as const;

async function familyHasAccounts(signal: AbortSignal): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Family query timeout')), FAMILY_QUERY_TIMEOUT_MS);
  });
  try {
    const accounts = await Promise.race([accountsApi.accounts(signal), timeout]);
    return accounts.length > 0;
  } catch (error) {
    // No family yet (404) is the normal state of a new user; anything else is logged and counts as incomplete.
    if (!(error instanceof ApiError && error.status === 404))
      console.warn('Onboarding status:', (error as Error).message);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function useOnboardingStatus(): { status: OnboardingStatus } {
  // A reload on step 3 completes onboarding (settleFinishedDraft) rather than leaving it half done.
  const [flagged, setFlagged] = useState(() => settleFinishedDraft() || isMarkedComplete());
  useEffect(() => {
    const onComplete = () => setFlagged(isMarkedComplete());
    window.addEventListener(ONBOARDING_COMPLETE_EVENT, onComplete);
    return () => window.removeEventListener(ONBOARDING_COMPLETE_EVENT, onComplete);
  }, []);
  const query = useQuery({
    queryKey: onboardingStatusKey,
    queryFn: ({ signal }) => familyHasAccounts(signal),
    enabled: !flagged,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (flagged) return { status: 'complete' };
  if (query.isPending) return { status: 'loading' };
  return { status: query.data ? 'complete' : 'incomplete' };
}
