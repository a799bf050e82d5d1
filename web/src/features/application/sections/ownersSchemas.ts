import { z } from 'zod';
import { UK_POSTCODE } from '../../address';
import { AUTH_VALIDATION_MESSAGES, EMAIL_PATTERN } from '../../auth/lazy';
import type { CaseKind } from '../../cases';
import { OWNERS_TEXTS } from '../ownersTexts';
import { isNiNumber } from './ownersFormat';

// --- Schemas --------------------------------------------------------------------------------

/** The spec's login e-mail rules (§5): required, then the pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_VALIDATION_MESSAGES.emailPattern);

/** An optional e-mail: empty, or the login pattern. */
export const optionalEmailField = z
  .string()
  .trim()
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), AUTH_VALIDATION_MESSAGES.emailPattern);

const ownerDetailsFields = z.object({
  /** Remortgage only: null until answered (a buyer is never asked). */
  livesAtProperty: z.boolean().nullable(),
  addressLine1: z.string().trim().max(200, OWNERS_TEXTS.addressTooLong),
  addressLine2: z.string().trim().max(200, OWNERS_TEXTS.addressLine2TooLong),
  town: z.string().trim().max(100, OWNERS_TEXTS.townTooLong),
  postcode: z
    .string()
    .trim()
    .refine((v) => v === '' || UK_POSTCODE.test(v), OWNERS_TEXTS.postcodeInvalid),
  occupation: z.string().trim().max(100, OWNERS_TEXTS.occupationTooLong),
  nationalInsuranceNumber: z
    .string()
    .refine((v) => v.trim() === '' || isNiNumber(v), OWNERS_TEXTS.niInvalid),
  isUkResident: z.boolean().nullable(),
});
export type OwnerDetailsValues = z.infer<typeof ownerDetailsFields>;

/**
 * An owner's case details, as the server checks them: an owner of a remortgaged property with an
 * address says whether they live there (then its address is theirs, not asked again); anyone else
 * gives their address, a buyer in full with town and postcode (identity checks, land tax return).
 */
/** A buyer's address is asked in full, with town and postcode (identity checks, land tax return). */
export const ASKS_FULL_ADDRESS: Record<CaseKind, boolean> = { remortgaging: false, buying: true };

export function ownerDetailsSchema(kind: CaseKind, asksLivesAtProperty: boolean) {
  return ownerDetailsFields.superRefine((v, ctx) => {
    const issue = (path: keyof OwnerDetailsValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (asksLivesAtProperty && v.livesAtProperty === null) {
      issue('livesAtProperty', OWNERS_TEXTS.livesAtPropertyRequired);
    }
    if (asksLivesAtProperty && v.livesAtProperty !== false) return;
    if (v.addressLine1 === '') issue('addressLine1', OWNERS_TEXTS.addressRequired);
    if (!ASKS_FULL_ADDRESS[kind]) return;
    if (v.town === '') issue('town', OWNERS_TEXTS.townRequired);
    if (v.postcode === '') issue('postcode', OWNERS_TEXTS.postcodeRequired);
  });
}

export const addOwnerSchema = z.object({
  preferredName: z
    .string()
    .trim()
    .min(1, OWNERS_TEXTS.nameRequired)
    .min(2, OWNERS_TEXTS.nameTooShort)
    .max(100, OWNERS_TEXTS.nameTooLong),
  email: emailField,
});
export type AddOwnerValues = z.infer<typeof addOwnerSchema>;

export const personSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, OWNERS_TEXTS.fullNameRequired)
    .min(2, OWNERS_TEXTS.fullNameTooShort)
    .max(100, OWNERS_TEXTS.fullNameTooLong),
  email: optionalEmailField,
});
export type PersonValues = z.infer<typeof personSchema>;

/** The body of a person row: the name trimmed, the e-mail lower-cased and only when given. */
export function personBody(values: PersonValues): { fullName: string; email?: string } {
  const email = values.email.trim().toLowerCase();
  return { fullName: values.fullName.trim(), ...(email ? { email } : {}) };
}
