import type { Channel } from '../../lib/api/types';

export const CONVERSATION_TEXTS = {
  heading: 'Messages',
  threads: 'Conversations',
  channel: {
    PARTIES: 'Everyone on the case',
    BROKER_FIRM: 'Broker and Threshold',
    FIRM_INTERNAL: 'Internal notes',
    DONOR: 'Threshold',
  } satisfies Record<Channel, string>,
  /** The firm's tab for one gift donor's thread. */
  donorThread: (name: string) => `Gift donor: ${name}`,
  about: {
    PARTIES: 'Write to everyone on this case: the customers, their broker and Threshold.',
    BROKER_FIRM: 'Notes between the broker and Threshold. The customers do not see them.',
    FIRM_INTERNAL: "Threshold's own notes. Nobody outside the firm sees them.",
    DONOR:
      'Messages between the gift donor and Threshold about the gift. The buyers and their broker do not see them.',
  } satisfies Record<Channel, string>,
  promise: (days: number) =>
    `Threshold replies within ${days === 1 ? 'one working day' : `${days} working days`}.`,
  replyDue: (when: string) => `Threshold's reply is due by ${when}.`,
  replyOverdue: (when: string) => `Threshold's reply was due by ${when}.`,
  none: 'No messages yet.',
  side: { CUSTOMER: 'Customer', BROKER: 'Broker', DONOR: 'Gift donor', FIRM: 'Threshold' } as const,
  you: 'You',
  formerUser: 'A former user',
  readBy: (names: string) => `Read by ${names}`,
  label: 'Your message',
  send: 'Send',
  sending: 'Sending…',
  sent: 'Message sent',
  count: (n: number, max: number) => `${n} / ${max}`,
  attach: 'Attach a file',
  choose: 'Choose an uploaded file',
  choice: (file: string, type: string) => (file === type ? file : `${file} (${type})`),
  attaching: (name: string) => `Uploading ${name}…`,
  attachments: 'Attached files',
  detach: (name: string) => `Remove ${name}`,
  attachLimit: (max: number) => `At most ${max} files with one message`,
  loadError: 'The messages could not be loaded. Try reloading the page.',
} as const;
