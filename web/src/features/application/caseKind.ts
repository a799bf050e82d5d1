import type { BuyingExpanded, ExpandedCase, Owner } from '../../lib/api/types';
import type { CaseKind } from '../cases';

/**
 * The application is one set of screens for both case types (issue 13): a section shared by
 * both reads the case type from the expanded case it is given, and the few things that differ
 * (the server's paths, who the parties are, some words) are picked here and in the api wrappers.
 */

/** A purchase's expanded case (only it has buyers). */
export function isBuying(expanded: ExpandedCase): expanded is BuyingExpanded {
  return 'buyers' in expanded;
}

/** The URL segment, query key and path family of the case. */
export function kindOf(expanded: ExpandedCase): CaseKind {
  return isBuying(expanded) ? 'buying' : 'remortgaging';
}

/** The people filling the application: the owners of a remortgage, the buyers of a purchase. */
export function partiesOf(expanded: ExpandedCase): Owner[] {
  return isBuying(expanded) ? expanded.buyers : expanded.propertyOwners;
}

/** The statuses in which a broker fills the application (spec §4). */
export const BROKER_STAGES: readonly string[] = ['BROKER_APPLICATION', 'BROKER_APPLICATION_INVITE'];
