import type { TransferReason } from '../../lib/api/types';
import { TRANSFER_REASON_LABELS } from '../../lib/labels';

export const TRANSFER_TEXTS = {
  intro:
    'A transfer of equity changes who owns the property, for example when one owner is taken off the title after a separation. Tell us what the change is based on and who is being removed.',
  reasonHeading: 'Reason for the transfer',
  reasonLegend: 'What is the transfer based on?',
  reasonRequired: 'Choose what the transfer is based on',
  saveReason: 'Save reason',
  /** The reason changed the quote: the new quote needs accepting before the owners go on. */
  requoted:
    'Reason saved. A transfer on separation pays no land tax, so your quote has been worked out again: please review it and accept it to carry on.',
  removedHeading: 'Owners being removed from the title',
  removedIntro: 'Add each person who will no longer own the property after the transfer.',
  noRemoved: 'No one is listed yet.',
  addRemovedHeading: 'Add an owner being removed',
  addRemoved: 'Add person',
  removeTitle: (name: string) => `Take ${name} off this list?`,
  removeBody: 'They will no longer be listed as an owner being removed from the title.',
} as const;

/** Spec §3 "Transfer reason" with a one-line plain-English explanation each. */
export const TRANSFER_REASONS: Record<TransferReason, { label: string; explanation: string }> = {
  COURT_ORDER: {
    label: TRANSFER_REASON_LABELS.COURT_ORDER,
    explanation: 'A court decided how the property is split and ordered the transfer.',
  },
  CONSENT_ORDER: {
    label: TRANSFER_REASON_LABELS.CONSENT_ORDER,
    explanation:
      'You agreed how to split the property and a court made your agreement legally binding.',
  },
  PRIVATE_AGREEMENT: {
    label: TRANSFER_REASON_LABELS.PRIVATE_AGREEMENT,
    explanation: 'You agreed the transfer between yourselves, without going to court.',
  },
};

export const TRANSFER_REASON_ORDER: TransferReason[] = [
  'COURT_ORDER',
  'CONSENT_ORDER',
  'PRIVATE_AGREEMENT',
];
