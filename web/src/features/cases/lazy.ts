// What lazily loaded code elsewhere uses. A separate entry from ./index, which the router loads
// with the first page: these bring the form libraries, which only lazily loaded screens may.
// The key-facts form, for the application's Key Facts edit page: the start form's fields, their
// validation and the request body.
export {
  KeyFactsFields,
  KEY_FACTS_PART_TITLES,
  keyFactsParts,
  type KeyFactsPart,
} from './components/KeyFactsFields';
export { LeaveFormDialog } from './components/LeaveFormDialog';
export { buyingKeyFacts, remortgagingKeyFacts } from './keyFacts';
export { keyFactsFormSchema, keyFactsSchema, type KeyFactsValues } from './validation';
// The case page, put together with other features in src/app/routes (loaded lazily): the start
// form, the case's context block and section list, and the cancel dialog.
export { StartCasePage } from './components/StartCasePage';
export { CaseContext, CONTEXT_TEXTS, handlerName, Row } from './components/CaseContext';
export { CaseTimeline, TIMELINE_TEXTS } from './components/CaseTimeline';
export { SectionList } from './components/SectionList';
export { CancelCaseDialog, type CancelTarget } from './components/CancelCaseDialog';
