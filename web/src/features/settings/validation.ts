import { z } from 'zod';
// The sign-in rules module, not the auth feature's index: that index is in the first page's
// chunk, and exporting these rules from it pulled the form libraries into it (a chunk cycle
// that broke the built app).
import { AUTH_VALIDATION_MESSAGES, EMAIL_PATTERN } from '../auth/lazy';
import { aboutYouSchema } from '../onboarding';

/** The settings forms check each detail as onboarding does (the same rules and messages). */
export function settingsSchemas(today: () => Date = () => new Date()) {
  const details = aboutYouSchema(today);
  return {
    preferredName: details.pick({ preferredName: true }),
    phoneNumber: details.pick({ phoneNumber: true }),
    legalName: details.pick({ firstName: true, middleNames: true, surname: true }),
    dateOfBirth: details.pick({ dateOfBirth: true }),
    email: z.object({
      email: z
        .string()
        .trim()
        .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
        .regex(EMAIL_PATTERN, AUTH_VALIDATION_MESSAGES.emailPattern),
    }),
  };
}

type Schemas = ReturnType<typeof settingsSchemas>;
export type PreferredNameValues = z.infer<Schemas['preferredName']>;
export type PhoneNumberValues = z.infer<Schemas['phoneNumber']>;
export type LegalNameValues = z.infer<Schemas['legalName']>;
export type DateOfBirthValues = z.infer<Schemas['dateOfBirth']>;
export type EmailValues = z.infer<Schemas['email']>;

export const SETTINGS_TEXT = {
  dobLocked:
    'Your date of birth cannot be changed once an application is submitted. Please contact us if it is wrong.',
  legalNameHelp:
    'Exactly as on your passport or driving licence. If your name has changed, give the new one: we keep the old one with the date it ended.',
  brokerNote:
    'As a broker you can change your preferred name and phone number. To change anything else, please contact us.',
  saved: 'Saved',
  saveFailed: 'We could not save your details, please try again.',
} as const;
