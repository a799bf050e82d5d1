import type { Me } from '../../../lib/api/types';

export interface SessionFlags {
  isBroker: boolean;
  isBrokerManager: boolean;
  isBrokerAdmin: boolean;
  isLender: boolean;
  buyingEnabled: boolean;
  /** The AI assistant (AI_BOT feature): its page and the Help page's entry to it. */
  assistantEnabled: boolean;
  /** A purchase's source-of-funds page (SOF feature, issue 33) and the case page's entry to it. */
  sourceOfFundsEnabled: boolean;
}

/**
 * Spec section 6: broker roles, exact manager/admin flags, lender only for brokers, the BUYING,
 * AI_BOT and SOF features.
 */
export function sessionFlags(me: Me | null): SessionFlags {
  const role = me?.role;
  const isBroker =
    role === 'ROLE_BROKER' || role === 'ROLE_BROKER_MANAGER' || role === 'ROLE_BROKER_ADMIN';
  return {
    isBroker,
    isBrokerManager: role === 'ROLE_BROKER_MANAGER',
    isBrokerAdmin: role === 'ROLE_BROKER_ADMIN',
    isLender: isBroker && me?.isLender === true,
    buyingEnabled: me?.enabledFeatures.includes('BUYING') ?? false,
    assistantEnabled: me?.enabledFeatures.includes('AI_BOT') ?? false,
    sourceOfFundsEnabled: me?.enabledFeatures.includes('SOF') ?? false,
  };
}
