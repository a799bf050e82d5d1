import { ApiError } from '../../lib/api/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Pounds as typed ('250', '250.5', '£1,250.00') → integer pence, or null when it is not an
 * amount. Money is sent in pence, never as a float.
 */
export function poundsToPence(text: string): number | null {
  const compact = text.replace(/[£,\s]/g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(pence) ? pence : null;
}

/** Pence → what the amount field shows: 25000 → '250', 25050 → '250.50'. */
export function penceToPounds(pence: number | null | undefined): string {
  if (pence === null || pence === undefined) return '';
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** A real calendar date written yyyy-mm-dd (what a date input gives). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 1800
  );
}

/** Today as yyyy-mm-dd in the user's time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The server's field names (as its 422 names them) → the form's fields. */
export type ServerFieldMap<T extends FieldValues = FieldValues> = Record<string, Path<T>>;

/** The form field a server field name goes on: as named, or by its last part (`alteration.completedOn`). */
export function formFieldFor<T extends FieldValues>(
  map: ServerFieldMap<T>,
  serverField: string,
): Path<T> | undefined {
  return map[serverField] ?? map[serverField.split('.').pop() ?? serverField];
}

/**
 * Puts the server's 422 field messages on the form's fields (see `formFieldFor`), focusing the
 * first. Returns true when something is left to say outside the fields: a failure that named no
 * field the form has (a 409 with the engine's reason, a 500, a network failure…).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  map: ServerFieldMap<T>,
): boolean {
  if (!(error instanceof ApiError)) return true;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return true;
  let unmatched = false;
  let first = true;
  for (const [serverField, message] of entries) {
    const field = formFieldFor(map, serverField);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    } else {
      unmatched = true;
    }
  }
  return unmatched;
}
