import { useMemo } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import { ConversationPanel, CONVERSATION_TEXTS, clientCalls } from '../../conversation';
import type { CaseKind } from '../caseTypes';

/** 'Messages' on the case page (issue 32): the customers, their broker and the firm. */
export function CaseConversation({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const calls = useMemo(() => clientCalls(kind, caseId), [kind, caseId]);
  return (
    <SectionCard title={CONVERSATION_TEXTS.heading}>
      <ConversationPanel calls={calls} />
    </SectionCard>
  );
}
