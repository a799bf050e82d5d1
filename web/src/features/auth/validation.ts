import { z } from 'zod';
import { AUTH_VALIDATION_MESSAGES, EMAIL_PATTERN } from './emailRule';

const email = z
  .string()
  .trim()
  .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_VALIDATION_MESSAGES.emailPattern);

export const signupSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, AUTH_VALIDATION_MESSAGES.nameRequired)
    .min(2, AUTH_VALIDATION_MESSAGES.nameTooShort),
  email,
});
export type SignupValues = z.infer<typeof signupSchema>;
