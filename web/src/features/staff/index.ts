// What the router needs synchronously: the queue's search parsing. The screens live in ./routes
// and are loaded lazily.
export { parseQueueSearch, type QueueSearch } from './search';
// The back office's API shapes, for the test helpers (src/test/staff.ts).
export type * from './types';
