// A purchase's source of funds (issue 33, behind the SOF feature): the buyer tells the firm how
// the money for each source was built up and uploads its evidence; the firm reviews each source
// in the back office. The page itself is in ./routes, loaded lazily by the router.
// The buying case page's entry (src/app/routes/CasePage.tsx): a link, light enough for the index.
export { SourceOfFundsEntry } from './components/SourceOfFundsEntry';
export { SOURCE_OF_FUNDS_TEXTS, SOURCE_STATE_LABELS } from './texts';
// The back office's review (features/staff): the slot that holds a source's evidence.
export { evidenceSlot } from './evidence';
