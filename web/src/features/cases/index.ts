// What the router needs synchronously: search validation and guards. Screens live in ./routes
// and are loaded lazily.
export { parseListSearch, type ListSearch } from './search';
export { loadGuardedCase, guardSection, startPageRedirect } from './guards';
export type { CaseKind } from './caseTypes';
