// Time passing, for a test that cannot wait a working day: the one stored deadline moved into
// the past, as the API tests do it (`set_case` … `reply_due_at`). Nothing else is written.
import { execFileSync } from 'node:child_process';

/** The firm's reply to the case's waiting message fell due an hour ago. */
export function replyFellDue(caseId: number): void {
  const { DATABASE_URL: url } = JSON.parse(process.env.THRESHOLD_CLI_ENV!) as { DATABASE_URL: string };
  if (url.startsWith('postgres')) {
    execFileSync('psql', [url, '-qc', `UPDATE cases SET reply_due_at = now() - interval '1 hour' WHERE id = ${caseId}`]);
    return;
  }
  // As sqlx writes a time in SQLite: RFC 3339 with +00:00.
  const due = new Date(Date.now() - 3_600_000).toISOString().replace('Z', '+00:00');
  const file = url.replace(/^sqlite:\/\//, '').replace(/\?.*$/, '');
  execFileSync('python3', [
    '-c',
    'import sqlite3, sys; db = sqlite3.connect(sys.argv[1], timeout=10); ' +
      'db.execute("UPDATE cases SET reply_due_at = ? WHERE id = ?", (sys.argv[2], int(sys.argv[3]))); db.commit()',
    file,
    due,
    String(caseId),
  ]);
}

/** The local day `days` from today, as a date input takes it (`iso`) and as the app shows it. */
export function daysAhead(days: number): { iso: string; shown: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [dd, mm, yyyy] = [pad(d.getDate()), pad(d.getMonth() + 1), String(d.getFullYear())];
  return { iso: `${yyyy}-${mm}-${dd}`, shown: `${dd}/${mm}/${yyyy}` };
}
