// The key-facts form of a case, for other features (the application's Key Facts edit page): the
// start form's fields, their validation and the request body. A separate entry from ./index,
// which the router loads with the first page: these bring the form libraries, which only lazily
// loaded screens may.
export {
  KeyFactsFields,
  KEY_FACTS_PART_TITLES,
  type KeyFactsPart,
} from './components/KeyFactsFields';
export { LeaveFormDialog } from './components/LeaveFormDialog';
export { buyingKeyFacts, remortgagingKeyFacts } from './keyFacts';
export { keyFactsSchema, type KeyFactsValues } from './validation';
