import { ApiError, isAbortError } from './api/errors';

/**
 * The one place faults are reported. Reports always go to the console; when the runtime config
 * names a Sentry DSN, ./sentry (loaded lazily at start-up) also registers a sink here and they go
 * to Sentry too. 401/403 are expected authentication errors and aborted requests are ignored;
 * API errors are reported only from status 500 up.
 */
export function shouldReport(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (error instanceof ApiError) return error.status >= 500;
  return true;
}

export type ErrorSink = (error: unknown, context: Record<string, unknown>) => void;

let sink: ErrorSink | null = null;

/** Sends every report to `next` as well as the console (null: console only). */
export function setErrorSink(next: ErrorSink | null): void {
  sink = next;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!shouldReport(error)) return;
  reportFault(error, context);
}

/** Reports unconditionally (e.g. a failed version check, whatever its status). */
export function reportFault(error: unknown, context?: Record<string, unknown>): void {
  console.error('[threshold]', error, context ?? {});
  try {
    sink?.(error, context ?? {});
  } catch {
    // Reporting must never break the page.
  }
}
