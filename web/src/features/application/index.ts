// The remortgaging application (issue 12): each section's screen, the wizard that moves between
// them, and the calls they make. The case pages (features/cases) render ApplicationSection
// under a section's heading.
export { ApplicationSection } from './components/ApplicationSection';
export { wizardMachine, type WizardSection } from './machines/wizardMachine';
export { APPLICATION_TEXTS } from './texts';
// The Key Facts edit form (/remortgaging/{caseId}/application/key-facts/edit).
export { KeyFactsEditPage } from './sections/KeyFactsEdit';
