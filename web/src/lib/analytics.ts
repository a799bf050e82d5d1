import type {
  CaptureResult,
  PostHog,
  PostHogConfig,
} from 'posthog-js/dist/module.slim.no-external.js';
import { runtimeConfig } from './config';
import { scrubDeep } from './privacy';

/**
 * Product analytics (PostHog), the single way the app tracks anything.
 *
 * Analytics runs only when the runtime config names a PostHog key AND the visitor gave analytics
 * consent (ConsentProvider → setAnalyticsEnabled). Until then posthog-js is not even loaded: it
 * is imported lazily, in its build that never loads external scripts (the CSP allows only our
 * own), with autocapture, session recording, surveys, feature flags, heatmaps and the like off.
 * The only events are page views (`$pageview` with a `page_name`, see pageNames.ts); no one is
 * ever identified, and URLs lose their query strings (sign-in tokens) before anything is sent.
 * Withdrawing consent opts PostHog out (its cookie goes, nothing more is sent).
 */
let enabled = false;
const listeners = new Set<(on: boolean) => void>();

interface Page {
  name: string;
  path: string;
}

/** The page on screen (tracked with or without consent, so consent can send it). */
let currentPage: Page | null = null;
/** The last page view sent, so one page is not counted twice. */
let lastSent: Page | null = null;
/** Page views waiting for posthog-js to load. */
let queue: Page[] = [];
let client: PostHog | null = null;
let loading: Promise<void> | null = null;

export function setAnalyticsEnabled(on: boolean): void {
  if (on === enabled) return;
  enabled = on;
  if (on) {
    if (currentPage) queue.push(currentPage);
    if (client) {
      client.opt_in_capturing({ captureEventName: false });
      flush();
    } else {
      load();
    }
  } else {
    queue = [];
    lastSent = null;
    client?.opt_out_capturing();
  }
  listeners.forEach((l) => l(on));
}

export function analyticsEnabled(): boolean {
  return enabled;
}

export function onAnalyticsChange(listener: (on: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Records a page view named `name` (CONSENT-07) for `path` (the route's pathname; by default the
 * current page's). Sent only with consent and a key; the same page twice in a row counts once.
 */
export function trackPageView(name: string, path?: string): void {
  const page = { name, path: path ?? currentPage?.path ?? window.location.pathname };
  currentPage = page;
  if (!enabled) return;
  queue.push(page);
  if (client) flush();
}

function flush(): void {
  if (!client || !enabled) return;
  const pending = queue;
  queue = [];
  for (const page of pending) {
    if (lastSent && lastSent.name === page.name && lastSent.path === page.path) continue;
    lastSent = page;
    client.capture('$pageview', { page_name: page.name });
  }
}

/** Strips query strings, fragments and e-mail addresses from every property before sending. */
export function scrubCapture(event: CaptureResult | null): CaptureResult | null {
  if (!event) return null;
  return {
    ...event,
    properties: scrubDeep(event.properties),
    ...(event.$set ? { $set: scrubDeep(event.$set) } : {}),
    ...(event.$set_once ? { $set_once: scrubDeep(event.$set_once) } : {}),
  };
}

/** The PostHog options (consent is given by the time they are used: cookies are allowed). */
export function posthogOptions(apiHost: string): Partial<PostHogConfig> {
  return {
    api_host: apiHost,
    // Only our own page views: no autocapture, no automatic page views or page leaves.
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    rageclick: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    enable_heatmaps: false,
    capture_performance: false,
    // Errors go to Sentry.
    capture_exceptions: false,
    // Nothing that loads remote code (the CSP's script-src is 'self') or calls home for it.
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    opt_in_site_apps: false,
    advanced_disable_flags: true,
    advanced_disable_toolbar_metrics: true,
    // Consent given: PostHog may keep its id in a cookie, for as long as the consent lasts.
    persistence: 'localStorage+cookie',
    cookie_expiration: 365,
    secure_cookie: window.location.protocol === 'https:',
    // Withdrawn consent (opt-out) also turns its storage off.
    opt_out_persistence_by_default: true,
    // Anonymous: no person profiles unless identified, and the app never identifies anyone.
    person_profiles: 'identified_only',
    mask_personal_data_properties: true,
    disable_capture_url_hashes: true,
    before_send: scrubCapture,
    // One event per page: send it at once instead of batching (nothing lost on unload).
    request_batching: false,
  };
}

function load(): void {
  if (client || loading) return;
  const { posthogKey, posthogHost } = runtimeConfig();
  if (!posthogKey) return;
  loading = import('posthog-js/dist/module.slim.no-external.js')
    .then(({ default: posthog }) => {
      loading = null;
      if (!enabled || client) return;
      client = posthog.init(posthogKey, posthogOptions(posthogHost)) ?? posthog;
      // Consent is ours to keep (the consent cookie): an earlier opt-out does not outlive it.
      if (client.has_opted_out_capturing()) client.opt_in_capturing({ captureEventName: false });
      flush();
    })
    .catch((error: unknown) => {
      loading = null;
      console.error('[threshold] analytics could not load', error);
    });
}

/** For tests: forget pages and the client's state between cases. */
export function resetAnalyticsForTests(): void {
  setAnalyticsEnabled(false);
  currentPage = null;
  lastSent = null;
  queue = [];
}
