/**
 * The e-mail rule of the sign-in and sign-up forms (spec section 5), without the form libraries:
 * the sign-in form, which /login shows first, checks it by hand; the sign-up form's zod schema
 * (./validation) uses the same pattern and messages.
 */

/** Spec section 5: non-space part, at sign, non-space part, dot. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const AUTH_VALIDATION_MESSAGES = {
  emailRequired: 'Email address is required',
  emailPattern: 'Must include @',
  nameRequired: 'Your name is required',
  nameTooShort: 'Your name must be at least 2 characters',
} as const;

/** What is wrong with `value` as an e-mail address (checked once trimmed), or null. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email.length < 1) return AUTH_VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return AUTH_VALIDATION_MESSAGES.emailPattern;
  return null;
}
