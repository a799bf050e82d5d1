/** The assistant's words (HELP-03: the spec leaves its placement and behaviour open). */
export const ASSISTANT_TEXTS = {
  title: 'Assistant',
  intro:
    'Ask how cases proceed and how to use Threshold. The assistant does not know your case and does not give legal advice about it: for that, contact us.',
  conversation: 'Conversation',
  empty: 'Ask your first question below, for example: what happens after I submit my application?',
  you: 'You',
  assistant: 'Assistant',
  questionLabel: 'Your question',
  questionHint: 'Press Enter to send, Shift+Enter for a new line.',
  send: 'Send',
  sending: 'Waiting for the answer',
  failed: 'Your question was not sent.',
  retry: 'It is still in the box: try again.',
  tooLong: 'A question is at most 2000 characters.',
} as const;

/** The longest question (the server's limit). */
export const QUESTION_LIMIT = 2000;
