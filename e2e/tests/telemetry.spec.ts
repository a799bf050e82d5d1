// Error reporting and analytics behind configuration (CONSENT-04, CONSENT-07, ERR-02, CONST-17).
// A second Threshold, started with SENTRY_DSN and POSTHOG_KEY/POSTHOG_HOST pointing at a local
// fake of both services (support/telemetry.ts), on the same database kind as the rest of the
// run. After 'Accept all' in the cookie dialog, a sign-in link and a 404 emit page events named
// login_auth and not_found, with no token in anything sent; Sentry receives the failed link as
// 'Authentication failed' and a pageload transaction. No script is loaded from elsewhere.
// With MAPS_API_KEY, the case cards show the maps service's map of the postcode (LIST-34).
import { expect, test as base } from '@playwright/test';
import { signIn } from '../support/app';
import { MAPS_KEY, startFakeMaps, type FakeMaps } from '../support/maps';
import { startSecondServer } from '../support/server';
import {
  POSTHOG_KEY,
  posthogEvents,
  sentryItems,
  startFakeTelemetry,
  type FakeTelemetry,
} from '../support/telemetry';

const TOKEN = 'e2e-telemetry-secret-token';

// PostHog drops events from what looks like a bot (a HeadlessChrome user agent, or
// navigator.webdriver as under automation): the page is shown as a person's browser would be.
base.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
});

/** Threshold with the browser's third parties configured, and the fakes they talk to. */
const test = base.extend<object, { telemetrySite: { site: string; fake: FakeTelemetry; maps: FakeMaps } }>({
  telemetrySite: [
    async ({}, use) => {
      const fake = await startFakeTelemetry();
      const maps = await startFakeMaps();
      const second = await startSecondServer('telemetry', () => ({
        SENTRY_DSN: fake.dsn,
        POSTHOG_KEY,
        POSTHOG_HOST: fake.url,
        MAPS_API_KEY: MAPS_KEY,
        MAPS_API_URL: maps.url,
      }));
      await use({ site: second.site, fake, maps });
      await second.stop();
      fake.server.close();
      maps.server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ telemetrySite }, use) => use(telemetrySite.site),
});

test('page events with page names after consent, errors and traces to Sentry, no token sent', async ({
  page,
  telemetrySite,
}) => {
  test.setTimeout(90_000);
  const { site, fake } = telemetrySite;
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
  });
  const foreignScripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && !r.url().startsWith(site)) foreignScripts.push(r.url());
  });
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  const pageNames = () =>
    posthogEvents(fake)
      .filter((e) => e.event === '$pageview')
      .map((e) => e.properties.page_name);

  // Before any choice: nothing goes to analytics.
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Cookies on Threshold' });
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(500);
  expect(posthogEvents(fake)).toEqual([]);

  // CONSENT-04: Accept all starts analytics.
  await dialog.getByRole('button', { name: 'Accept all' }).click();
  await expect(dialog).toBeHidden();

  // A 404.
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect.poll(pageNames).toContain('not_found');

  // A (bad) sign-in link: login_auth, then /login; the failure recorded as 'Authentication failed'.
  await page.goto(`/login/auth?token=${TOKEN}`);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText('Sorry, your magic link has expired')).toBeVisible();
  await expect.poll(pageNames).toContain('login_auth');

  // ERR-02 and CONST-17 at Sentry: the error, and page-load transactions named by route.
  await expect
    .poll(() =>
      sentryItems(fake)
        .filter((i) => i.type === 'event')
        .flatMap((i) => (i.payload.exception as { values: { value: string }[] }).values.map((v) => v.value)),
    )
    .toContain('Authentication failed');
  await expect
    .poll(
      () =>
        sentryItems(fake)
          .filter((i) => i.type === 'transaction')
          .map((i) => (i.payload.contexts as { trace: { op: string } }).trace.op),
      { timeout: 20_000 },
    )
    .toContain('pageload');

  // Nothing sent anywhere holds the sign-in token; page events carry the page's URL without it.
  for (const request of fake.requests) {
    expect(request.url.href).not.toContain(TOKEN);
    expect(request.body).not.toContain(TOKEN);
  }
  const loginAuth = posthogEvents(fake).find((e) => e.properties.page_name === 'login_auth')!;
  expect(loginAuth.properties.$current_url).toBe(`${site}/login/auth`);
  expect(loginAuth.properties.token).toBe(POSTHOG_KEY);
  expect(foreignScripts).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test("LIST-34 CALLS-62: on a large screen the case cards show the maps service's map of the postcode", async ({
  page,
  telemetrySite,
}) => {
  test.setTimeout(90_000);
  const { maps } = telemetrySite;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'broker@demo.threshold.test');
  await expect(page.getByRole('heading', { name: 'Remortgaging Cases' })).toBeVisible({ timeout: 30_000 });
  const map = page.getByRole('article').first().getByTestId('case-map').locator('img');
  // Drawn: the browser fetched it (the Content-Security-Policy admits the service) and it loaded.
  await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  const request = maps.requests.at(-1)!;
  expect(request.query.get('zoom')).toBe('17');
  expect(request.query.get('scale')).toBe('4');
  expect(request.query.get('maptype')).toBe('roadmap');
  expect(request.query.get('center')).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}, UK$/);
  // The site's origin only, for a key restricted to it: never the page's address.
  expect(request.referer).toBe(`${page.url().split('/').slice(0, 3).join('/')}/`);
  // Smaller screens: no map.
  await page.setViewportSize({ width: 900, height: 900 });
  await expect(page.getByTestId('case-map')).toHaveCount(0);
});
