export { InvitationOverlay } from './components/InvitationOverlay';
export { QuoteSection } from './components/QuoteSection';
export { BrokerInvitations } from './components/BrokerInvitations';
export { QUOTE_TEXTS } from './texts';
// The accepted quote under a submitted application (features/tiles).
export { QuoteDetails } from './components/QuoteDetails';
export { QUOTE_LABELS } from './texts';
// Where a gift donor is sent instead of the buyers' case (issue 26).
export { donorGiftRedirect } from './donorRoutes';
