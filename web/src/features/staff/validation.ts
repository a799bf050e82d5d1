import { z } from 'zod';
import { STAFF_TEXTS } from './texts';

/** A code from the authenticator app: six digits (spaces typed between them are dropped). */
export const appCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, STAFF_TEXTS.codeInvalid));

export const codeSchema = z.object({ code: appCode });
export type CodeValues = z.input<typeof codeSchema>;

export const recoveryCodeSchema = z.object({
  recoveryCode: z.string().trim().min(1, STAFF_TEXTS.recoveryCodeRequired),
});
export type RecoveryCodeValues = z.input<typeof recoveryCodeSchema>;
