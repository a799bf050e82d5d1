// `make bench` (issue 31): Lighthouse's performance score, mobile emulation (its defaults: a
// Moto G Power, simulated slow 4G and a 4× slower CPU), for the login page and a signed-in case
// page, against the release binary the e2e set-up starts. A benchmark, not a test: it prints the
// scores and writes them to test-results/lighthouse.json; docs/bench.md records them.
// Lighthouse drives Debian's Chromium itself (chrome-launcher) on its own debugging port; the
// case page is read with the demo customer's session cookie, taken from a Playwright sign-in.
import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { signIn } from '../support/app';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

interface Measured {
  page: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** Lighthouse's performance category for `url`, sending `cookie` with every request. */
async function measure(page: string, url: string, cookie?: string): Promise<Measured> {
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      page,
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(audit('speed-index')),
    };
  } finally {
    chrome.kill();
  }
}

test('Lighthouse performance, mobile: /login and a case page', async ({ page, context, baseURL }) => {
  test.setTimeout(600_000);
  const results = [await measure('/login', `${baseURL}/login`)];

  await signIn(page, 'customer@demo.threshold.test');
  await expect(page).toHaveURL(/\/remortgaging/, { timeout: 90_000 });
  const caseLink = await page
    .locator('[data-case-id]')
    .first()
    .getByRole('link', { name: /^(Continue|Review) case/ })
    .getAttribute('href');
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  results.push(await measure('a case page', `${baseURL}${caseLink}`, cookie));

  console.table(results);
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/lighthouse.json', JSON.stringify(results, null, 2));
  for (const r of results) expect(r.score, `${r.page} was measured`).toBeGreaterThan(0);
});
