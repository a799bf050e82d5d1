import { describe, expect, it } from 'vitest';
import { timeAgo } from './format';

describe('timeAgo', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T11:00:00Z', '1 hour ago'],
    ['2026-03-10T02:00:00Z', '10 hours ago'],
    ['2026-03-07T12:00:00Z', '3 days ago'],
    ['2026-01-09T12:00:00Z', '60 days ago'],
    ['2026-03-11T12:00:00Z', 'just now'],
  ])('%s → %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });

  it('an unreadable date is shown as nothing', () => {
    expect(timeAgo('nope', now)).toBe('');
  });
});
