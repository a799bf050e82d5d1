// Starts an SMTP sink on loopback and the real `threshold` binary sending mail to it, with a
// fresh SQLite database. Tests read the received mail from MAIL_DIR (see support/mail.ts).
// The sink runs in its own process so the test runner's work never delays a delivery.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, untilReady } from './support/server';

export default async function globalSetup() {
  const bin = process.env.THRESHOLD_BIN;
  if (!bin) throw new Error('THRESHOLD_BIN must point at the server binary (make test-e2e sets it)');
  const dir = mkdtempSync(join(tmpdir(), 'threshold-e2e-'));
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir);

  const smtpPort = await freePort();
  const sink = spawn(process.execPath, [join(import.meta.dirname, 'support', 'smtp-sink.mjs'), String(smtpPort), mailDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Should the rest of the set-up fail, the sink must not outlive the runner (holding its output).
  process.once('exit', () => sink.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    sink.stdout!.once('data', () => resolve());
    sink.once('exit', (code) => reject(new Error(`smtp sink exited with ${code}`)));
  });

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // What the server and the CLI run with (tests run the CLI too: support/cli.ts).
  const serverEnv = {
    // SQLite by default; `make test-e2e-postgres` hands in a fresh PostgreSQL database.
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? `sqlite://${dir}/e2e.db`,
    DATA_DIR: dir,
    LISTEN_ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    DEMO: 'true',
    WORKER_POLL_MS: '100',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_REDEEM_PER_MINUTE: '1000',
    // The same demo accounts sign in many times a minute here; the throttle has its own tests.
    EMAIL_MIN_INTERVAL_SECONDS: '0',
    EMAIL_CAP_PER_DAY: '1000',
    RUST_LOG: process.env.E2E_RUST_LOG ?? 'warn',
    // The webhooks spec's receiver listens on 127.0.0.1 (refused by default: SSRF guard).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  const env = { ...process.env, ...serverEnv };
  // A user who has never accepted the policies (for the blocking policy dialog).
  execFileSync(bin, ['user', 'create', '--email', 'policy@e2e.test', '--name', 'Pat Policy', '--role', 'ROLE_USER'], { env });

  // Enough cases for the list's pager and filters (bulk load data; `serve` then makes no demo
  // journeys, which have their own API test).
  execFileSync(bin, ['demo', '--cases', '30'], { env });

  // The server's log (warnings and errors) goes to the runner's output and to a file, so a test
  // that times out waiting for a background job can say what the workers reported.
  const serverLog = join(dir, 'server.log');
  const server: ChildProcess = spawn(bin, ['serve'], { env, stdio: ['ignore', 'inherit', 'pipe'] });
  const logFile = createWriteStream(serverLog);
  server.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    logFile.write(chunk);
  });
  await untilReady(url);

  process.env.THRESHOLD_URL = url;
  process.env.MAIL_DIR = mailDir;
  process.env.SERVER_LOG = serverLog;
  process.env.THRESHOLD_CLI_ENV = JSON.stringify(serverEnv);
  return async () => {
    server.kill('SIGTERM');
    sink.kill('SIGTERM');
  };
}
