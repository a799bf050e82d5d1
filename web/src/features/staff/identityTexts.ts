import { lowerFirst } from './texts';

/** The identity providers' names as the firm knows them. */
const PROVIDER_NAMES: Record<string, string> = { ONFIDO: 'Onfido' };

export const identityTexts = {
  submitted: (date: string) => `Submitted ${date}`,
  verified: (date: string) => `Verified ${date}`,
  sentBack: (reason: string) => `Sent back: ${reason}`,
  group: (name: string) => `Identity of ${name}`,
  evidenceLink: (label: string, n: number | null) =>
    `Open ${lowerFirst(label)}${n === null ? '' : ` ${n}`}`,
  verifiedToast: (name: string) => `${name}'s identity is verified.`,
  sentBackToast: (name: string) => `${name}'s identity documents were sent back.`,
  sendBackTitle: (name: string) => `Send back ${name}'s identity documents`,
  /** The identity provider's word on the owner's latest check (its result, or not yet). */
  providerCheck: (provider: string, result: string | null, date: string) =>
    result === null
      ? `${PROVIDER_NAMES[provider] ?? provider}: started ${date}, not finished`
      : `${PROVIDER_NAMES[provider] ?? provider}: ${result} ${date}`,
  /** The link to the provider's own page for the check (its reasons, what the person showed). */
  providerPage: (provider: string) => `Open in ${PROVIDER_NAMES[provider] ?? provider}`,
  /** The term over the provider's reasons for an outcome other than approval. */
  providerReasons: (provider: string) => `${PROVIDER_NAMES[provider] ?? provider}'s reasons`,
  sendBackIntro: (name: string) =>
    `${name} reads this in Threshold, then uploads their documents and submits them again.`,
  verifyTitle: (name: string) => `Verify ${name}'s identity`,
  verifyIntro: (name: string) =>
    `Compare ${name}'s photo ID and selfie with their application, and tick each check you made. The audit trail keeps what you ticked.`,
  checkRequired: 'Tick each check before verifying. If one fails, send the documents back.',
};

/** What the firm compares before verifying an identity (the server's `checks`, in its order). */
export const IDENTITY_CHECKS = {
  photoMatches: 'The selfie is the person on the photo ID',
  nameMatches: 'The name on the photo ID matches the application',
  dateOfBirthMatches: 'The date of birth matches the application',
  documentInDate: 'The photo ID has not expired',
  addressMatches: 'The address matches the application (on the ID or a proof of address)',
} as const;
export type IdentityCheck = keyof typeof IDENTITY_CHECKS;
