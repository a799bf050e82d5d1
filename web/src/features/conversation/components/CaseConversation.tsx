import { useMemo } from 'react';
import { SectionCard } from '../../../components/SectionCard';
import type { CaseKind } from '../../cases';
import { clientCalls } from '../api';
import { ConversationPanel } from '../ConversationPanel';
import { CONVERSATION_TEXTS } from '../texts';

/** 'Messages' on the case page (issue 32): the customers, their broker and the firm. */
export function CaseConversation({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const calls = useMemo(() => clientCalls(kind, caseId), [kind, caseId]);
  return (
    <SectionCard title={CONVERSATION_TEXTS.heading}>
      <ConversationPanel calls={calls} />
    </SectionCard>
  );
}
