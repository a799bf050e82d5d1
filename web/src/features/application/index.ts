// The application of both case types (issues 12 and 13): each section's screen, the wizard that
// moves between them, and the calls they make. A form both types share is one component fed by
// the case type (caseKind.ts). The case pages (features/cases) render ApplicationSection under a
// section's heading.
export { ApplicationSection } from './components/ApplicationSection';
export { wizardMachine, type WizardSection } from './machines/wizardMachine';
export { APPLICATION_TEXTS } from './texts';
// The Key Facts edit form (/remortgaging/{caseId}/application/key-facts/edit).
export { KeyFactsEditPage } from './sections/KeyFactsEdit';
