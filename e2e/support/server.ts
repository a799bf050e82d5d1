// Starting a `threshold serve` process for the tests: a free loopback port, waiting until the
// server answers /readyz, and a second server with settings of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliWith, type Cli } from './cli';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') {
        const { port } = address;
        server.close(() => resolve(port));
      } else reject(new Error('no port'));
    });
  });
}

/** Waits up to 30 s for the server at `url` to be ready. */
export async function untilReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`threshold at ${url} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A second Threshold, with settings the run's own server does not have. */
export interface SecondServer {
  site: string;
  /** The CLI on this server's database and settings (e.g. `createUser(…, second.cli)`). */
  cli: Cli;
  stop: () => Promise<void>;
}

/**
 * Starts a second Threshold with extra `settings` (given its address), on a fresh database of
 * the run's kind: SQLite in its own folder, or on PostgreSQL the database `threshold_test_e2e_{name}`,
 * dropped at stop. Mail goes to the run's sink; with the run's DEMO setting it has the demo
 * accounts and cases.
 */
export async function startSecondServer(
  name: string,
  settings: (site: string) => Record<string, string>,
): Promise<SecondServer> {
  const bin = process.env.THRESHOLD_BIN!;
  const runEnv = JSON.parse(process.env.THRESHOLD_CLI_ENV!) as Record<string, string>;
  const psql = (sql: string) => execFileSync('psql', [runEnv.DATABASE_URL, '-qc', sql]);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `threshold-e2e-${name}-`));
  let databaseUrl = `sqlite://${dir}/${name}.db`;
  const pgDatabase = `threshold_test_e2e_${name}`;
  const postgres = runEnv.DATABASE_URL.startsWith('postgres');
  if (postgres) {
    psql(`DROP DATABASE IF EXISTS ${pgDatabase}`);
    psql(`CREATE DATABASE ${pgDatabase}`);
    databaseUrl = runEnv.DATABASE_URL.replace(/\/[^/]*$/, `/${pgDatabase}`);
  }
  // What the server and its CLI run with, as THRESHOLD_CLI_ENV is for the run's server.
  const serverEnv: Record<string, string> = {
    ...runEnv,
    DATA_DIR: dir,
    DATABASE_URL: databaseUrl,
    LISTEN_ADDR: `127.0.0.1:${port}`,
    PUBLIC_URL: site,
    ...settings(site),
  };
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ...serverEnv };
  const server: ChildProcess = spawn(bin, ['serve'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await untilReady(site);
  return {
    site,
    cli: cliWith(serverEnv),
    stop: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      if (postgres) psql(`DROP DATABASE IF EXISTS ${pgDatabase}`);
    },
  };
}
