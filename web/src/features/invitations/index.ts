export { InvitationOverlay } from './components/InvitationOverlay';
export { QuoteSection } from './components/QuoteSection';
export { BrokerInvitations } from './components/BrokerInvitations';
export { QUOTE_TEXTS } from './texts';
