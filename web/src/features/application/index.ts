// The application of both case types (issues 12 and 13): each section's screen, the wizard that
// moves between them, and the calls they make. A form both types share is one component fed by
// the case type (caseKind.ts). The case pages (features/cases) render ApplicationSection under a
// section's heading.
export { ApplicationSection } from './components/ApplicationSection';
export { wizardMachine, type WizardSection } from './machines/wizardMachine';
export { APPLICATION_TEXTS } from './texts';
// The Key Facts edit form (/{caseType}/{caseId}/application/key-facts/edit).
export { KeyFactsEditPage } from './sections/KeyFactsEdit';
// A remortgage after submission (features/tiles): the submitted answers read-only, and the
// Documents section's upload slots and upload call.
export { SubmittedApplication } from './sections/SubmittedApplication';
export { RequiredDocumentGroups } from './sections/DocumentsSection';
export { outstandingGroups } from './sections/documentGroups';
// A purchase's source of funds (features/sourceOfFunds): the evidence's slot on its own.
export { RequiredDocumentSlot } from './sections/DocumentSlot';
export { ACCEPTED_FILES, uploadDocument } from './api/uploadDocument';
export { useFileUpload } from './components/useFileUpload';
export { UploadParts } from './components/UploadParts';
// A gift donor's own evidence (features/invitations): the same upload, delete and guidance.
export { useDeleteDocument } from './api/deleteDocument';
export { DOCUMENT_GUIDANCE, DOCUMENTS_TEXTS } from './documentsTexts';
// Today as a date input's value (the back office's agreed completion date), and pounds as
// typed in pence (the back office's mortgage offer).
export { penceToPounds, poundsToPence, todayIso } from './validation';
// The case type of an expanded case, for the screens of other features that show one.
export { isBuying, kindOf, partiesOf } from './caseKind';
// The back office's read-only view of the answers (features/staff): the same rows and sentences.
export { loanItem } from './sections/FinancialDetailsSection';
export { useKeyFactRows } from './sections/KeyFactsSection';
export { alterationItem } from './sections/PropertyAlterationsSection';
export { giftItem, isaItem, sourceItem } from './sections/purchaseFinancingItems';
export { landTaxSentence } from './sections/StampDutySection';
export { SDLT_TEXTS } from './purchaseTexts';
