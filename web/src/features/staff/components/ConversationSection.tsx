import { useMemo } from 'react';
import { ConversationPanel, CONVERSATION_TEXTS } from '../../conversation';
import type { CaseKind } from '../../cases';
import { staffConversationCalls } from '../api/conversation';
import { Panel } from './Panel';

/** The case's conversation in the back office: the parties', the broker's and the firm's notes. */
export function ConversationSection({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const calls = useMemo(() => staffConversationCalls(kind, caseId), [kind, caseId]);
  return (
    <Panel title={CONVERSATION_TEXTS.heading}>
      <ConversationPanel calls={calls} />
    </Panel>
  );
}
