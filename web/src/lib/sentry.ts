import * as Sentry from '@sentry/react';
import type { AnyRouter } from '@tanstack/react-router';
import type { RuntimeConfig } from './config';
import { setErrorSink, shouldReport } from './errorReporter';
import { scrubDeep, scrubText, scrubUrl } from './privacy';

/**
 * Error reporting with Sentry. This module is imported lazily (main.tsx) and only when the
 * runtime config names a DSN, so the default bundle carries none of it.
 *
 * - Every page load and navigation is traced (tracesSampleRate 1, CONST-17), named by the
 *   TanStack Router route (e.g. /protected/$caseType/$caseId), never by the concrete URL.
 * - Nothing identifies the user: sendDefaultPii is off, no user is ever set, and every event,
 *   transaction and breadcrumb loses its URLs' query strings (sign-in links carry ?token=…),
 *   any stray token and any e-mail address before it leaves the browser.
 * - The app's own filter (shouldReport: no 401/403, no aborted requests, API errors from 500 up)
 *   applies to errors Sentry catches by itself (unhandled errors and rejections) too.
 */
export function sentryOptions(config: RuntimeConfig, router: AnyRouter): Sentry.BrowserOptions {
  return {
    dsn: config.sentryDsn ?? undefined,
    release: config.release,
    tracesSampleRate: 1,
    sendDefaultPii: false,
    integrations: [Sentry.tanstackRouterBrowserTracingIntegration(router)],
    beforeSend(event, hint) {
      if (hint.originalException !== undefined && !shouldReport(hint.originalException)) {
        return null;
      }
      return scrubEvent(event);
    },
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  };
}

/** Removes the user and scrubs every URL and string in an event (breadcrumbs included). */
export function scrubEvent<E extends Sentry.Event>(event: E): E {
  const scrubbed = scrubDeep(event, 16);
  delete scrubbed.user;
  if (scrubbed.request) {
    if (scrubbed.request.url) scrubbed.request.url = scrubUrl(scrubbed.request.url);
    delete scrubbed.request.query_string;
    delete scrubbed.request.cookies;
    delete scrubbed.request.data;
  }
  return scrubbed;
}

function scrubBreadcrumb(breadcrumb: Sentry.Breadcrumb): Sentry.Breadcrumb {
  return {
    ...breadcrumb,
    ...(breadcrumb.message !== undefined ? { message: scrubText(breadcrumb.message) } : {}),
    ...(breadcrumb.data ? { data: scrubDeep(breadcrumb.data) } : {}),
  };
}

let started = false;

/** Starts Sentry once (before the router's first render, so the page load is traced). */
export function initSentry(config: RuntimeConfig, router: AnyRouter): void {
  if (started || !config.sentryDsn) return;
  started = true;
  Sentry.init(sentryOptions(config, router));
  setErrorSink((error, context) => {
    Sentry.captureException(error, { extra: scrubDeep(context) });
  });
}
