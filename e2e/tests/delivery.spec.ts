// Issue 30.1: the browser app travels compressed. The build makes brotli and gzip copies of each
// text asset; the release binary sends the one the browser accepts, says so (Content-Encoding,
// Vary), caches hashed assets for good and index.html not at all.
import { expect, test, type APIRequestContext } from '@playwright/test';

async function fetchAs(request: APIRequestContext, path: string, acceptEncoding: string) {
  const res = await request.get(path, { headers: { 'accept-encoding': acceptEncoding } });
  expect(res.status(), path).toBe(200);
  return { headers: res.headers(), body: await res.text() };
}

test('the page and its scripts come precompressed in the encoding the browser accepts', async ({ request }) => {
  const plain = await fetchAs(request, '/', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers['cache-control']).toBe('no-cache');
  const script = plain.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'index.html names its entry script').toBeTruthy();

  for (const [accepted, sent] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const page = await fetchAs(request, '/', accepted);
    expect(page.headers['content-encoding'], `/ for ${accepted}`).toBe(sent);
    expect(page.headers['vary']).toContain('accept-encoding');
    // The same document, decompressed.
    expect(page.body).toBe(plain.body);

    const js = await fetchAs(request, script!, accepted);
    expect(js.headers['content-encoding'], `${script} for ${accepted}`).toBe(sent);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.body).toBe((await fetchAs(request, script!, 'identity')).body);
  }
});
