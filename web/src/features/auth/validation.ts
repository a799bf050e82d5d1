import { z } from 'zod';

/** Spec section 5: non-space part, at sign, non-space part, dot. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export const AUTH_VALIDATION_MESSAGES = {
  emailRequired: 'Email address is required',
  emailPattern: 'Must include @',
  nameRequired: 'Your name is required',
  nameTooShort: 'Your name must be at least 2 characters',
} as const;

const email = z
  .string()
  .trim()
  .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_VALIDATION_MESSAGES.emailPattern);

export const loginSchema = z.object({ email });
export type LoginValues = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, AUTH_VALIDATION_MESSAGES.nameRequired)
    .min(2, AUTH_VALIDATION_MESSAGES.nameTooShort),
  email,
});
export type SignupValues = z.infer<typeof signupSchema>;
