function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Dates are shown as dd/MM/yyyy. */
export function formatDate(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export function formatDateTime(value: string | Date): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const GBP = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money arrives in integer pence and is shown in pounds with pence: 123456 → '£1,234.56'. */
export function formatMoney(pence: number): string {
  return GBP.format(pence / 100);
}

/** Spec §3: the full name joins first, middle and surname (blanks left out). */
export function fullLegalName(name: {
  firstName: string;
  middleNames?: string | null;
  surname: string;
}): string {
  return [name.firstName, name.middleNames, name.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
