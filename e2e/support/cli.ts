// The `threshold` binary's command line, run as the e2e server is: the same database and
// settings (global-setup.ts hands them over in THRESHOLD_CLI_ENV).
import { execFileSync } from 'node:child_process';

/** Runs `threshold <args…>` against the test server's database; returns what it printed. */
export function thresholdCli(args: string[]): string {
  const bin = process.env.THRESHOLD_BIN;
  const serverEnv = process.env.THRESHOLD_CLI_ENV;
  if (!bin || !serverEnv) throw new Error('THRESHOLD_BIN and THRESHOLD_CLI_ENV are set by global-setup.ts');
  return execFileSync(bin, args, {
    env: { ...process.env, ...(JSON.parse(serverEnv) as Record<string, string>) },
    encoding: 'utf8',
  });
}

export type CliRole =
  | 'ROLE_USER'
  | 'ROLE_BROKER'
  | 'ROLE_BROKER_MANAGER'
  | 'ROLE_BROKER_ADMIN'
  | 'ROLE_CONVEYANCER'
  | 'ROLE_ADMIN';

/** `threshold user create` (e.g. a conveyancer for the back office). */
export function createUser(user: { email: string; name: string; role: CliRole }): void {
  thresholdCli(['user', 'create', '--email', user.email, '--name', user.name, '--role', user.role]);
}
