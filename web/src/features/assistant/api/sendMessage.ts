import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { AssistantReply, ChatMessage } from '../../../lib/api/types';

/** The most messages one request may carry (the server refuses more). */
export const MAX_SENT_MESSAGES = 20;

/**
 * POST /assistant/messages {messages} → {reply, source}: the assistant's answer to the last
 * message. Only the last 20 messages of the conversation are sent.
 */
export async function sendMessages(conversation: ChatMessage[]): Promise<AssistantReply> {
  const messages = conversation.slice(-MAX_SENT_MESSAGES);
  return unwrap(await api().POST('/assistant/messages', { body: { messages } }));
}

export function useSendMessages() {
  return useMutation({
    mutationKey: ['assistant', 'messages'],
    mutationFn: sendMessages,
    // A question changes nothing: the page's other data need not be fetched again.
    meta: { readOnly: true },
  });
}
