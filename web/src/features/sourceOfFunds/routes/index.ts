// The source-of-funds page (issue 33, SOF feature), loaded lazily by the router: a chunk of its
// own, with the form libraries it needs.
export { SourceOfFundsRoute } from './SourceOfFundsRoute';
