import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AskResponse,
  analyticsResponseSchema,
  askResponseSchema,
  type HistoryResponse,
  historyResponseSchema,
} from '../../../../functions/contracts/assistant';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';

/**
 * Analytics & Insights and the assistant: calls, query keys and hooks. The insights follow the rows (under
 * TRANSACTIONS_KEY, reloaded on 'transactions-updated' / 'transactions-uploaded'); the conversation is the
 * signed-in member's own.
 */
export const analyticsKeys = {
  insights: [...TRANSACTIONS_KEY, 'analytics'] as const,
  conversation: ['assistant', 'conversation'] as const,
};

export const analyticsApi = {
  analytics: (signal?: AbortSignal) => apiRequest('/insights/analytics', analyticsResponseSchema, { signal }),
  conversation: (signal?: AbortSignal) =>
    apiRequest('/assistant/conversations', historyResponseSchema, { signal }),
  ask: (question: string) =>
    apiRequest('/assistant/messages', askResponseSchema, { method: 'POST', body: { question } }),
};

export function useAnalytics() {
  return useQuery({
    queryKey: analyticsKeys.insights,
    queryFn: ({ signal }) => analyticsApi.analytics(signal),
  });
}

export function useConversation() {
  return useQuery({
    queryKey: analyticsKeys.conversation,
    queryFn: ({ signal }) => analyticsApi.conversation(signal),
  });
}

export function useAsk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: analyticsApi.ask,
    onSuccess: (answer: AskResponse) => {
      client.setQueryData<HistoryResponse>(analyticsKeys.conversation, (old) => ({
        messages: [...(old?.messages ?? []), answer.question, answer.answer].slice(-10),
        follow_ups: answer.follow_ups,
        online: answer.online,
      }));
    },
  });
}
