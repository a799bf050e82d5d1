import type { LegalName } from '../../../lib/api/types';

// --- Owners: names, missing fields, display -----------------------------------------------------

/** Spec §3: the current legal name is the one with no end date. */
export function currentLegalName(names: readonly LegalName[]): LegalName | null {
  return names.find((n) => !n.until) ?? null;
}

/** A yyyy-mm-dd date as dd/MM/yyyy (spec §5), without time-zone shifts. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** An address on one line, its empty parts left out (null when it has none). */
export function joinAddress(a: {
  addressLine1?: string | null;
  addressLine2?: string | null;
  town?: string | null;
  postcode?: string | null;
}): string | null {
  const parts = [a.addressLine1, a.addressLine2, a.town, a.postcode].filter((p) => p?.trim());
  return parts.length > 0 ? parts.join(', ') : null;
}

// --- National Insurance number ---------------------------------------------------------------

/** Spaces are ignored and letters upper-cased, as the server does. */
export function normaliseNiNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Two letters, six digits and a final letter A to D (e.g. QQ 12 34 56 C). */
export const NI_PATTERN = /^[A-Z]{2}\d{6}[A-D]$/;

export function isNiNumber(value: string): boolean {
  return NI_PATTERN.test(normaliseNiNumber(value));
}

/** QQ123456C → 'QQ 12 34 56 C' for reading; anything else as it is. */
export function formatNiNumber(value: string): string {
  const v = normaliseNiNumber(value);
  if (!NI_PATTERN.test(v)) return value;
  return `${v.slice(0, 2)} ${v.slice(2, 4)} ${v.slice(4, 6)} ${v.slice(6, 8)} ${v.slice(8)}`;
}
