import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  familySchema,
  type InitialiseFamilyRequest,
  initialiseFamilyResponseSchema,
} from '../../../../functions/contracts/family';
import { type ProfileUpdateInput, profileSchema } from '../../../../functions/contracts/profile';
import {
  initialiseSubscriptionResponseSchema,
  subscriptionInfoSchema,
} from '../../../../functions/contracts/subscription';
import { ApiError, apiRequest, earlyData } from '../../api/client';

/** The family, the signed-in member's profile and the subscription: calls, query keys and hooks. */
export const familyKeys = {
  family: ['family'] as const,
  profile: ['profile'] as const,
  subscription: ['subscription'] as const,
};

export const familyApi = {
  /** The caller's family, or null when they have none yet (404). */
  async family(signal?: AbortSignal) {
    try {
      return await apiRequest('/family', familySchema, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  initialiseFamily: (body: InitialiseFamilyRequest) =>
    apiRequest('/family', initialiseFamilyResponseSchema, { method: 'POST', body }),
  profile: (signal?: AbortSignal) => apiRequest('/profile', z.nullable(profileSchema), { signal }),
  saveProfile: (body: ProfileUpdateInput) => apiRequest('/profile', profileSchema, { method: 'PUT', body }),
  subscription: (signal?: AbortSignal) => apiRequest('/subscription', subscriptionInfoSchema, { signal }),
  initialiseSubscription: () =>
    apiRequest('/subscription', initialiseSubscriptionResponseSchema, { method: 'POST', body: {} }),
};

// A page load of the app asked for the profile (and, on the overview, the family) early: shown in the first
// render if it is here.
export const familyQuery = () =>
  queryOptions({
    queryKey: familyKeys.family,
    queryFn: ({ signal }) => familyApi.family(signal),
    initialData: () => earlyData('/family', familySchema),
  });
export const profileQuery = () =>
  queryOptions({
    queryKey: familyKeys.profile,
    queryFn: ({ signal }) => familyApi.profile(signal),
    initialData: () => earlyData('/profile', z.nullable(profileSchema)),
  });
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: familyKeys.subscription,
    queryFn: ({ signal }) => familyApi.subscription(signal),
    // A page load of the app asked for it early: the app shows at once if it is here.
    initialData: () => earlyData('/subscription', subscriptionInfoSchema),
  });

export function useFamily() {
  return useQuery(familyQuery());
}

export function useProfile() {
  return useQuery(profileQuery());
}

export function useSubscriptionInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionQuery(), enabled: options.enabled ?? true });
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: familyApi.saveProfile,
    onSuccess: (profile) => client.setQueryData(familyKeys.profile, profile),
  });
}

export function useInitialiseFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: familyApi.initialiseFamily,
    onSuccess: (result) => client.setQueryData(familyKeys.family, result.family),
  });
}

export function useInitialiseSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: familyApi.initialiseSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: familyKeys.subscription }),
  });
}
