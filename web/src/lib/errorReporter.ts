import { ApiError, isAbortError } from './api/errors';

/**
 * The one place faults are reported. Sentry is not wired in yet (sentryDsn is null by default),
 * so reports go to the console. 401/403 are expected authentication errors and aborted
 * requests are ignored; API errors are reported only from status 500 up.
 */
export function shouldReport(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return true;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!shouldReport(error)) return;
  reportFault(error, context);
}

/** Reports unconditionally (e.g. a failed version check, whatever its status). */
export function reportFault(error: unknown, context?: Record<string, unknown>): void {
  console.error('[threshold]', error, context ?? {});
}
