import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '../../../../functions/contracts/family';
import {
  type AddMemberRequest,
  acceptInvitationResponseSchema,
  addMemberResponseSchema,
  declineInvitationResponseSchema,
  familyMembershipListSchema,
  invitationDetailsSchema,
  memberListResponseSchema,
  memberResponseSchema,
  removeMemberResponseSchema,
} from '../../../../functions/contracts/members';
import { apiRequest } from '../../api/client';

/** Family members, invitations and the caller's families: calls, query keys and hooks. */
export const memberKeys = {
  list: ['members'] as const,
  families: ['families'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

const memberPath = (id: string) => `/family/members/${encodeURIComponent(id)}`;

export const membersApi = {
  list: (signal?: AbortSignal) =>
    apiRequest('/family/members', memberListResponseSchema, { signal }).then((r) => r.members),
  add: (body: AddMemberRequest) =>
    apiRequest('/family/members', addMemberResponseSchema, { method: 'POST', body }),
  setRole: (id: string, role: MemberRole) =>
    apiRequest(memberPath(id), memberResponseSchema, { method: 'PATCH', body: { role } }).then(
      (r) => r.member,
    ),
  remove: (id: string) => apiRequest(memberPath(id), removeMemberResponseSchema, { method: 'DELETE' }),
  checkInvitation: (token: string, signal?: AbortSignal) =>
    apiRequest('/invitations/check', invitationDetailsSchema, { method: 'POST', body: { token }, signal }),
  acceptInvitation: (token: string) =>
    apiRequest('/invitations/accept', acceptInvitationResponseSchema, { method: 'POST', body: { token } }),
  declineInvitation: (token: string) =>
    apiRequest('/invitations/decline', declineInvitationResponseSchema, { method: 'POST', body: { token } }),
  families: (signal?: AbortSignal) =>
    apiRequest('/families', familyMembershipListSchema, { signal }).then((r) => r.families),
  switchFamily: (familyId: string) =>
    apiRequest('/families/current', familyMembershipListSchema, {
      method: 'POST',
      body: { family_id: familyId },
    }).then((r) => r.families),
};

export const membersQuery = () =>
  queryOptions({ queryKey: memberKeys.list, queryFn: ({ signal }) => membersApi.list(signal) });

export function useMembers() {
  return useQuery(membersQuery());
}

/** The invitation behind a token, checked once (a refusal is an answer, not worth asking again). */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: memberKeys.invitation(token ?? ''),
    queryFn: ({ signal }) => membersApi.checkInvitation(token ?? '', signal),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useFamilies(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memberKeys.families,
    queryFn: ({ signal }) => membersApi.families(signal),
    enabled: options.enabled ?? true,
  });
}

function useMembersMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list }),
  });
}

export const useAddMember = () => useMembersMutation((body: AddMemberRequest) => membersApi.add(body));
export const useSetMemberRole = () =>
  useMembersMutation(({ id, role }: { id: string; role: MemberRole }) => membersApi.setRole(id, role));
export const useRemoveMember = () => useMembersMutation((id: string) => membersApi.remove(id));

/**
 * Everything the app knows is about one family: after joining or switching to another, all of it is read
 * again (the family, its accounts, its figures, its members).
 */
export function useFamilyChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.resetQueries();
}
