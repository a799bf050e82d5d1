import { z } from 'zod';
import type { Company, CompanyBody, Owner } from '../../../lib/api/types';
import { UK_POSTCODE } from '../../address';
import { COMPANY_TEXTS as T } from '../companyTexts';
import type { ServerFieldMap } from '../validation';

// --- Company number and postcode -----------------------------------------------------------

/** Spaces are ignored and letters upper-cased, as the server does ('sc 123456' → 'SC123456'). */
export function normaliseCompanyNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Companies House, as the server reads it: up to eight digits (padded with zeros), two letters
 * and six digits (SC…, NI…, OC…), or R and seven digits.
 */
export function isCompanyNumber(value: string): boolean {
  return /^(\d{1,8}|[A-Z]{2}\d{6}|R\d{7})$/.test(normaliseCompanyNumber(value));
}

/** 'ct1  2ab ' → 'CT1 2AB'. */
function normalisePostcode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

// --- The form's values -----------------------------------------------------------------------

export const companySchema = z.object({
  registeredName: z
    .string()
    .trim()
    .min(1, T.registeredNameRequired)
    .max(160, T.registeredNameTooLong),
  companyNumber: z
    .string()
    .trim()
    .min(1, T.companyNumberRequired)
    .refine((v) => v === '' || isCompanyNumber(v), T.companyNumberInvalid),
  addressLine1: z.string().trim().min(1, T.addressLine1Required).max(200, T.addressLine1TooLong),
  addressLine2: z.string().trim().max(200, T.addressLine2TooLong),
  town: z.string().trim().min(1, T.townRequired).max(100, T.townTooLong),
  postcode: z
    .string()
    .trim()
    .min(1, T.postcodeRequired)
    .refine((v) => v === '' || UK_POSTCODE.test(v), T.postcodeInvalid),
  /** One row per owner, in the owners' order. */
  officers: z
    .array(z.object({ ownerId: z.number(), isDirector: z.boolean(), isGuarantor: z.boolean() }))
    .refine((rows) => rows.some((r) => r.isDirector), T.directorRequired),
});
export type CompanyValues = z.infer<typeof companySchema>;

export function defaultsFor(company: Company | null, owners: readonly Owner[]): CompanyValues {
  const office = company?.registeredOffice;
  return {
    registeredName: company?.registeredName ?? '',
    companyNumber: company?.companyNumber ?? '',
    addressLine1: office?.addressLine1 ?? '',
    addressLine2: office?.addressLine2 ?? '',
    town: office?.town ?? '',
    postcode: office?.postcode ?? '',
    officers: owners.map((owner) => {
      const officer = company?.officers.find((o) => o.ownerId === owner.id);
      return {
        ownerId: owner.id,
        isDirector: officer?.isDirector ?? false,
        isGuarantor: officer?.isGuarantor ?? false,
      };
    }),
  };
}

/**
 * The request body: trimmed, the company number and postcode normalised as the server would,
 * address line 2 only when given, and only the owners who are a director or a guarantor.
 */
export function companyBody(values: CompanyValues): CompanyBody {
  const addressLine2 = values.addressLine2.trim();
  return {
    registeredName: values.registeredName.trim(),
    companyNumber: normaliseCompanyNumber(values.companyNumber),
    registeredOffice: {
      addressLine1: values.addressLine1.trim(),
      ...(addressLine2 ? { addressLine2 } : {}),
      town: values.town.trim(),
      postcode: normalisePostcode(values.postcode),
    },
    officers: values.officers
      .filter((o) => o.isDirector || o.isGuarantor)
      .map(({ ownerId, isDirector, isGuarantor }) => ({ ownerId, isDirector, isGuarantor })),
  };
}

/** The server's field names (`registeredOffice.postcode`, `officers[0].ownerId`…) → the form's. */
export const COMPANY_FIELDS: ServerFieldMap<CompanyValues> = {
  registeredName: 'registeredName',
  companyNumber: 'companyNumber',
  registeredOffice: 'addressLine1',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  officers: 'officers',
  ownerId: 'officers',
  isDirector: 'officers',
  isGuarantor: 'officers',
};
