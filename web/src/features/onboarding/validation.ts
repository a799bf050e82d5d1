import { z } from 'zod';

export const ABOUT_YOU_MESSAGES = {
  preferredNameRequired: 'Your preferred name is required',
  preferredNameShort: 'Your preferred name must be at least 2 characters',
  firstNameRequired: 'Your legal first name is required',
  surnameRequired: 'Your surname is required',
  phoneRequired: 'Your phone number is required',
  phoneInvalid: 'Enter a UK phone number, like 07700 900123 or +44 7700 900123',
  dobRequired: 'Your date of birth is required',
  dobInvalid: 'Enter a real date of birth',
  dobFuture: 'Your date of birth must be in the past',
  dobAdult: 'You must be 18 or over to use Threshold',
} as const;

/** UK numbers: 0 and 9–10 more digits, or +44/0044 and 9–10 digits; spaces, dashes, brackets allowed. */
export function normaliseUkPhone(value: string): string | null {
  const compact = value.replace(/[\s()-]/g, '');
  if (/^0\d{9,10}$/.test(compact)) return compact;
  const intl = compact.replace(/^(\+44|0044)/, '');
  if (intl !== compact && /^\d{9,10}$/.test(intl.replace(/^0/, ''))) {
    return `+44${intl.replace(/^0/, '')}`;
  }
  return null;
}

/** Age in whole years on `today` for an ISO yyyy-mm-dd birth date. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  let age = today.getFullYear() - y;
  const beforeBirthday =
    today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 1900
  );
}

export function aboutYouSchema(today: () => Date = () => new Date()) {
  return z.object({
    preferredName: z
      .string()
      .trim()
      .min(1, ABOUT_YOU_MESSAGES.preferredNameRequired)
      .min(2, ABOUT_YOU_MESSAGES.preferredNameShort),
    firstName: z.string().trim().min(1, ABOUT_YOU_MESSAGES.firstNameRequired),
    middleNames: z.string().trim(),
    surname: z.string().trim().min(1, ABOUT_YOU_MESSAGES.surnameRequired),
    phoneNumber: z
      .string()
      .trim()
      .min(1, ABOUT_YOU_MESSAGES.phoneRequired)
      .refine((v) => normaliseUkPhone(v) !== null, ABOUT_YOU_MESSAGES.phoneInvalid),
    dateOfBirth: z
      .string()
      .min(1, ABOUT_YOU_MESSAGES.dobRequired)
      .refine(isRealDate, ABOUT_YOU_MESSAGES.dobInvalid)
      .refine((v) => !isRealDate(v) || ageOn(v, today()) >= 0, ABOUT_YOU_MESSAGES.dobFuture)
      .refine(
        (v) => !isRealDate(v) || ageOn(v, today()) < 0 || ageOn(v, today()) >= 18,
        ABOUT_YOU_MESSAGES.dobAdult,
      ),
  });
}

export type AboutYouValues = z.infer<ReturnType<typeof aboutYouSchema>>;
