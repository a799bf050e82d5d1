// What the router needs synchronously: case type parsing, search validation and guards. Screens
// live in ./routes and are loaded lazily.
export { parseAnyListSearch, type ListSearch } from './search';
export { loadGuardedCase, guardSection, guardTileView, startPageRedirect } from './guards';
export { parseCaseKind, type CaseApi, type CaseKind } from './caseTypes';
// For the invitation modal (issue 11): which type a case is, and what the user still has.
export { CASE_TYPE, KIND_WORDS, LIST_TITLE } from './caseTypes';
export { caseQuery } from './api/getCase';
export { caseOverviewsQuery } from './api/getCaseOverviews';
export { LOAD_ERROR } from './texts';
// A purchase's price questions, for the application's Key Facts summary.
export { PRICE_TEXTS, STAIRCASING_TEXTS } from './texts';
// The protected index and the BUYING guard (issue 15): small enough to load with the shell.
export { homeRedirect } from './home';
export { BuyingUnavailable, BuyingUnavailableError } from './components/BuyingUnavailable';
// The key-facts form shared with the application's Key Facts edit page is exported by
// ./lazy.ts, not here: the router loads this file with the first page, and the form would
// bring zod and react-hook-form (the `forms` chunk, vite.config.ts) with it.
// The back office's queue and case page (features/staff): the statuses it filters by and the
// property's address line.
export { BUYING_STATUSES, REMORTGAGING_STATUSES } from './caseTypes';
export { propertyAddress } from './propertyAddress';
// The expanded case as a hook (the owners' fixtures in src/test).
export { useCase } from './api/getCase';
