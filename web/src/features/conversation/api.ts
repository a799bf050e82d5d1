import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { unwrap } from '../../lib/api/errors';
import { useChangeEvents } from '../../lib/useChangeEvents';
import type { CaseType, Conversation } from '../../lib/api/types';
import { CASE_TYPE, type CaseKind } from '../cases';

/**
 * How the panel reaches a case's conversation (docs/api/conversation.md, issue 32): customers
 * and brokers at /conversations/{caseType}/{caseId} ([clientCalls]); the back office supplies
 * its own, under /staff, which also sends a staff member back to the second-factor gate.
 */
export interface ConversationCalls {
  /** The query key of this reader's view of the case's conversation. */
  key: readonly unknown[];
  /** The address of its server-sent events: `changed` when a message or receipt is written. */
  events: string;
  /**
   * The case, where a file sent with a message is uploaded (POST /document); absent for a
   * gift donor, who uploads their statements on their gift's page (then chooses them).
   */
  caseRef?: { caseType: CaseType; caseId: number };
  get: (signal?: AbortSignal) => Promise<Conversation>;
  /** Writes a message carrying the documents `attachments` (ids) in the thread at `path`. */
  post: (path: string, body: string, attachments: number[]) => Promise<unknown>;
  markRead: (path: string, upTo: number) => Promise<unknown>;
}

/**
 * How often an open conversation asks for new messages besides: its events bring each change
 * at once, this only covers a stream that dropped.
 */
export const CONVERSATION_REFETCH_MS = 60_000;

/** The customers', brokers' and gift donors' calls. */
export function clientCalls(caseType: CaseKind, caseId: string): ConversationCalls {
  const path = { caseType, caseId };
  return {
    key: ['conversation', caseType, caseId],
    events: `/api/conversations/${caseType}/${caseId}/events`,
    caseRef: { caseType: CASE_TYPE[caseType], caseId: Number(caseId) },
    get: async (signal) =>
      unwrap(await api().GET('/conversations/{caseType}/{caseId}', { params: { path }, signal })),
    post: async (thread, body, attachments) =>
      unwrap(
        await api().POST('/conversations/{caseType}/{caseId}/{thread}', {
          params: { path: { ...path, thread } },
          body: { body, attachments },
        }),
      ),
    markRead: async (thread, upTo) =>
      unwrap(
        await api().PUT('/conversations/{caseType}/{caseId}/{thread}/read', {
          params: { path: { ...path, thread } },
          body: { upTo },
        }),
      ),
  };
}

const conversationQuery = (calls: ConversationCalls) =>
  queryOptions({
    queryKey: calls.key,
    queryFn: ({ signal }) => calls.get(signal),
    refetchInterval: CONVERSATION_REFETCH_MS,
  });

export const useConversation = (calls: ConversationCalls) => useQuery(conversationQuery(calls));

/** Reads the conversation again whenever the server says it changed (see useChangeEvents). */
export function useLiveConversation(calls: ConversationCalls) {
  useChangeEvents(calls.events, calls.key);
}

/** Writes a message, then reads the conversation again before the call counts as done. */
export function usePostMessage(calls: ConversationCalls) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...calls.key, 'post'],
    mutationFn: ({
      path,
      body,
      attachments,
    }: {
      path: string;
      body: string;
      attachments: number[];
    }) => calls.post(path, body, attachments),
    onSuccess: () => queryClient.refetchQueries({ queryKey: calls.key }),
  });
}

export function useMarkRead(calls: ConversationCalls) {
  return useMutation({
    mutationKey: [...calls.key, 'read'],
    mutationFn: ({ path, upTo }: { path: string; upTo: number }) => calls.markRead(path, upTo),
  });
}
