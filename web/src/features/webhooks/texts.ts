import type { Delivery } from './api/webhooks';

/** The events an endpoint can subscribe to, in the server's order, with their names. */
export const WEBHOOK_EVENTS = [
  { type: 'case.created', label: 'Case created' },
  { type: 'case.status_changed', label: 'Status changed' },
  { type: 'quote.sent', label: 'Quote sent' },
  { type: 'quote.accepted', label: 'Quote accepted' },
  { type: 'quote.declined', label: 'Quote declined' },
  { type: 'application.submitted', label: 'Application submitted' },
  { type: 'document.issued', label: 'Document issued' },
  { type: 'completion_date.agreed', label: 'Completion date agreed' },
  { type: 'case.completed', label: 'Case completed' },
  { type: 'case.cancelled', label: 'Case cancelled' },
] as const;

export function eventLabel(type: string): string {
  return WEBHOOK_EVENTS.find((e) => e.type === type)?.label ?? type;
}

export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    'Keep your CRM in step with your firm’s cases: Threshold sends a signed event to each endpoint below when a case is created or moves on. Events carry the case’s id, type and status only.',
  endpoints: 'Endpoints',
  none: 'No endpoints yet.',
  newTitle: 'Add an endpoint',
  url: 'Endpoint URL',
  urlHelp: 'https:// on a public address, e.g. https://crm.example.com/threshold',
  urlRequired: 'Enter the endpoint’s URL',
  events: 'Events to send',
  eventsRequired: 'Choose at least one event',
  add: 'Add endpoint',
  adding: 'Adding...',
  couldNotAdd: 'We could not add the endpoint.',
  loadFailed: 'We could not load your webhooks, please try refreshing the page.',
  secretTitle: 'Your signing secret',
  secretWarning:
    'Copy this secret now and keep it safe: it will not be shown again. Your CRM checks each event’s signature with it.',
  secretLabel: 'Signing secret',
  copy: 'Copy secret',
  copied: 'Secret copied',
  copyFailed: 'Could not copy: select the secret and copy it yourself',
  secretDone: 'I have copied it',
  deliveries: 'Recent deliveries',
  showDeliveries: 'Show deliveries',
  hideDeliveries: 'Hide deliveries',
  noDeliveries: 'Nothing sent yet.',
  deliveriesFailed: 'We could not load the deliveries.',
  replay: 'Send again',
  replayed: 'It will be sent again shortly',
  replayFailed: 'Could not send it again',
  remove: 'Delete',
  removeTitle: 'Delete this endpoint?',
  removeBody: 'It will receive no more events, and events not yet delivered to it are dropped.',
  removeConfirm: 'Delete endpoint',
  cancel: 'Cancel',
  removed: 'Endpoint deleted',
  removeFailed: 'Could not delete the endpoint',
} as const;

/** How a delivery went, in words: delivered, failing (and why), or still to be sent. */
export function deliveryResult(d: Delivery): string {
  if (d.deliveredAt) return d.lastStatus ? `Delivered (HTTP ${d.lastStatus})` : 'Delivered';
  if (d.attempts === 0) return 'Waiting to be sent';
  const why = d.lastError ?? 'Failed';
  return d.lastStatus && !why.includes(String(d.lastStatus)) ? `HTTP ${d.lastStatus}: ${why}` : why;
}
