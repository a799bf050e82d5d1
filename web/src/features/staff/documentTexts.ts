import { lowerFirst, STAFF_TEXTS } from './texts';
import type { StaffDraftType, StaffFindingField } from './types';

/** The side an upload was made for (the workflow's `uploaded_by` names). */
export const UPLOADER_LABELS: Record<string, string> = {
  customer: 'Customer',
  broker: 'Broker',
  donor: 'Gift donor',
  firm: 'Threshold',
};

export const documentTexts = {
  /** A document's name: its type, numbered where the list has several of that type. */
  name: (label: string, n: number | null) => (n === null ? label : `${label} ${n}`),
  /** Who uploaded a file, as whom, and when ('Uploaded by Sam Smith (Customer), 04/03/2026 10:00'). */
  uploadedBy: (name: string | null, side: string, at: string) =>
    `Uploaded by ${name ?? 'a former user'} (${side}), ${at}`,
  draftName: (label: string, n: number | null) => `${documentTexts.name(label, n)} (draft)`,
  draftButton: (label: string) => `Draft ${lowerFirst(label)}`,
  drafting: (label: string) => `Drafting the ${lowerFirst(label)}. This takes a moment.`,
  draftedToast: (label: string) => `${label} drafted. Check it, then issue it to the customers.`,
  ownDraftButton: (label: string) => `Upload our own ${lowerFirst(label)}`,
  ownDraftUploading: (label: string) => `Uploading our own ${lowerFirst(label)}`,
  ownDraftToast: (label: string) =>
    `Our own ${lowerFirst(label)} is a draft. Check it, then issue it to the customers.`,
  openLink: (label: string, draft: boolean) =>
    `Open ${lowerFirst(label)}${draft ? ' (draft)' : ''}`,
  findingsTitle: (label: string) => `Draft ${lowerFirst(label)}`,
  findingsIntro:
    'The report states what the case records (the tenure, the price, the searches and enquiries on file, the lender’s offer) and your findings below, nothing more. You read the draft before you issue it.',
  findingRequired: 'Write your finding',
  findingTooLong: 'Use 5000 characters or fewer',
  draftConfirm: 'Draft',
  issueTitle: (label: string) => `Issue ${lowerFirst(label)}?`,
  issueIntro: (parties: string) => `The ${parties} are told and asked to accept it.`,
  issuedToast: (label: string) => `${label} issued to the customers.`,
  acceptances: (parties: string) => `Accepted by the ${parties}`,
  accepted: (date: string) => `Accepted ${date}`,
};

export const removalTexts = {
  /** The Delete button's accessible name ('Delete Mortgage statement'). */
  button: (name: string) => `${STAFF_TEXTS.delete} ${name}`,
  intro: (name: string) =>
    `${name} will be deleted from this case. Your reason is kept in the case's audit trail.`,
};

export const previewTexts = {
  /** The Preview button's accessible name ('Preview Mortgage statement'). */
  button: (name: string) => `${STAFF_TEXTS.preview} ${name}`,
};

export const uploadTexts = {
  uploadedToast: (label: string) => `${label} uploaded.`,
  progress: (percent: number) => `${STAFF_TEXTS.uploading} ${percent}%`,
};

export const searchTexts = {
  /** One search type's progress: its result, and the firm's summary. */
  progress: (result: boolean, summary: boolean) =>
    result && summary
      ? 'Result and summary recorded'
      : result
        ? 'Result recorded, summary not yet'
        : summary
          ? 'Summary recorded, result not yet'
          : 'Nothing recorded yet',
  document: (label: string, documentId: number) => `${label} (document ${documentId})`,
  recordedToast: (label: string, summary: boolean) =>
    `${label} recorded as ${summary ? 'a summary' : 'a search result'}.`,
};

/** The findings each report asks of the conveyancer (issue 29): the server requires the same. */
export const FINDINGS: Partial<
  Record<
    StaffDraftType,
    readonly { field: StaffFindingField; label: string; helper: string; required: boolean }[]
  >
> = {
  REPORT_ON_TITLE: [
    {
      field: 'titleFindings',
      label: 'What the title shows',
      helper:
        'The registered owner, rights and restrictions, and anything the buyers must know, from the title register and the contract.',
      required: true,
    },
    {
      field: 'searchFindings',
      label: 'What the searches found',
      helper: 'What the local authority, drainage and environmental searches show that matters.',
      required: true,
    },
    {
      field: 'lenderFindings',
      label: 'The lender’s conditions (optional)',
      helper: 'What the offer’s conditions ask of the buyers, where they borrow.',
      required: false,
    },
  ],
  MORTGAGE_REPORT: [
    {
      field: 'lenderFindings',
      label: 'What you checked in the offer',
      helper:
        'That it names the owners, this property and the amount applied for, and what its conditions ask of them.',
      required: true,
    },
  ],
};
