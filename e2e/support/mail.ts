// Reads the e-mails the SMTP sink received (one JSON file per message, in arrival order).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

function mailsTo(address: string): Mail[] {
  const dir = process.env.MAIL_DIR!;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.includes(address));
}

/**
 * How long a mail sent by a background job may take: the job's first try, and two retries after
 * a transient failure (the queue waits about 5 s, then 10 s, with jitter).
 */
const JOB_MAIL_WAIT_MS = 45_000;

/** Waits for the `count`th e-mail to `address` and returns it. */
export async function waitForMail(address: string, count: number): Promise<Mail> {
  const deadline = Date.now() + JOB_MAIL_WAIT_MS;
  for (;;) {
    const mails = mailsTo(address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > deadline) throw new Error(`no e-mail #${count} to ${address}${serverReport()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for an e-mail to `address` whose subject contains `subject`. */
export async function waitForMailAbout(address: string, subject: string): Promise<Mail> {
  const deadline = Date.now() + JOB_MAIL_WAIT_MS;
  for (;;) {
    const mail = mailsTo(address).find((m) => m.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${address} about '${subject}'${serverReport()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SIGN_IN_LINK = /https?:\/\/\S+\/login\/auth\?token=\S+/;

/**
 * The sign-in and sign-up e-mails to `address`. Case e-mails to the same address do not count,
 * not even an invitation, whose link signs its invitee in too: they end with 'Open your case: …'.
 */
function signInMailsTo(address: string): Mail[] {
  return mailsTo(address).filter((m) => SIGN_IN_LINK.test(m.text) && !m.text.includes('Open your case: '));
}

export function signInCount(address: string): number {
  return signInMailsTo(address).length;
}

/** Waits for the `count`th sign-in e-mail to `address` and returns it. */
export async function waitForSignIn(address: string, count: number): Promise<Mail> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const mails = signInMailsTo(address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > deadline) throw new Error(`no sign-in e-mail #${count} to ${address}${serverReport()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The sign-in or sign-up link in an e-mail, as a path on the site. */
export function linkIn(mail: Mail): string {
  const match = mail.text.match(SIGN_IN_LINK);
  if (!match) throw new Error(`no sign-in link in "${mail.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The server's last warnings and errors (job retries, workers restarting), for a timeout's message. */
function serverReport(): string {
  const log = process.env.SERVER_LOG;
  if (!log || !existsSync(log)) return '';
  const lines = readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).slice(-15);
  return lines.length ? `; the server's last log lines:\n${lines.join('\n')}` : '; the server logged nothing';
}
