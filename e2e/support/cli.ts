// The `threshold` binary's command line, run as the e2e server is: the same database and
// settings (global-setup.ts hands them over in THRESHOLD_CLI_ENV); or as a second server is
// (support/server.ts gives each its own).
import { execFileSync } from 'node:child_process';

/** Runs `threshold <args…>` against one server's database and settings; returns what it printed. */
export type Cli = (args: string[]) => string;

/** The CLI with `serverEnv`, the settings a server was started with (its database, its folder). */
export function cliWith(serverEnv: Record<string, string>): Cli {
  const bin = process.env.THRESHOLD_BIN;
  if (!bin) throw new Error('THRESHOLD_BIN is set by make test-e2e');
  return (args) => execFileSync(bin, args, { env: { ...process.env, ...serverEnv }, encoding: 'utf8' });
}

/** Runs `threshold <args…>` against the test server's database; returns what it printed. */
export function thresholdCli(args: string[]): string {
  const serverEnv = process.env.THRESHOLD_CLI_ENV;
  if (!process.env.THRESHOLD_BIN || !serverEnv) throw new Error('THRESHOLD_BIN and THRESHOLD_CLI_ENV are set by global-setup.ts');
  return cliWith(JSON.parse(serverEnv) as Record<string, string>)(args);
}

export type CliRole =
  | 'ROLE_USER'
  | 'ROLE_BROKER'
  | 'ROLE_BROKER_MANAGER'
  | 'ROLE_BROKER_ADMIN'
  | 'ROLE_CONVEYANCER'
  | 'ROLE_ADMIN';

/**
 * `threshold user create` (e.g. a conveyancer for the back office), on the run's server or, with
 * `cli`, another's (a SecondServer's `cli`).
 */
export function createUser(user: { email: string; name: string; role: CliRole }, cli: Cli = thresholdCli): void {
  cli(['user', 'create', '--email', user.email, '--name', user.name, '--role', user.role]);
}
