const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

const RELATIVE = new Intl.RelativeTimeFormat('en-GB', { numeric: 'always' });

/**
 * How long ago `iso` was, in the largest whole unit up to days: 'just now', '5 minutes ago',
 * '2 hours ago', '3 days ago' (a queue compares days, so weeks and months are not used).
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now.getTime() - then);
  for (const [unit, ms] of UNITS) {
    const n = Math.floor(elapsed / ms);
    if (n >= 1) return RELATIVE.format(-n, unit);
  }
  return 'just now';
}
