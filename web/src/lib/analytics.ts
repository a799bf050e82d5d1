/**
 * Product analytics switch. PostHog is not bundled yet; the app only records whether analytics
 * may run (cookie consent given and a key configured), so nothing is sent without consent.
 */
let enabled = false;
const listeners = new Set<(on: boolean) => void>();

export function setAnalyticsEnabled(on: boolean): void {
  if (on === enabled) return;
  enabled = on;
  listeners.forEach((l) => l(on));
}

export function analyticsEnabled(): boolean {
  return enabled;
}

export function onAnalyticsChange(listener: (on: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
