import { api } from '../../../lib/api/client';
import type { ConversationCalls } from '../../conversation';
import { CASE_TYPE, type CaseKind } from '../../cases';
import { staffUnwrap } from './client';

/** The case's conversation in the back office: every thread, under /staff (issue 32). */
export function staffConversationCalls(kind: CaseKind, caseId: string): ConversationCalls {
  const path = { caseType: kind, caseId };
  return {
    key: ['staff', 'conversation', kind, caseId],
    events: `/api/staff/cases/${kind}/${caseId}/conversation/events`,
    caseRef: { caseType: CASE_TYPE[kind], caseId: Number(caseId) },
    get: async (signal) =>
      staffUnwrap(
        await api().GET('/staff/cases/{caseType}/{caseId}/conversation', {
          params: { path },
          signal,
        }),
      ),
    post: async (thread, body, attachments) =>
      staffUnwrap(
        await api().POST('/staff/cases/{caseType}/{caseId}/conversation/{thread}', {
          params: { path: { ...path, thread } },
          body: { body, attachments },
        }),
      ),
    markRead: async (thread, upTo) =>
      staffUnwrap(
        await api().PUT('/staff/cases/{caseType}/{caseId}/conversation/{thread}/read', {
          params: { path: { ...path, thread } },
          body: { upTo },
        }),
      ),
  };
}
