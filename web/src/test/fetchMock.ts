import { vi } from 'vitest';

export type Handler = (request: Request) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, message = 'Failed', fields?: Record<string, string>) {
  return json({ error: { code: 'error', message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Replaces global fetch with a router keyed by "METHOD /path" (path without the origin).
 * Unmatched requests answer 404. Returns the list of requests seen.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: string | null; request: Request }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request
        ? input
        : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const body = request.body ? await request.clone().text() : null;
    calls.push({ method: request.method, path: url.pathname, body, request });
    const handler = routes[`${request.method} ${url.pathname}`];
    if (!handler) return apiError(404, `No mock for ${request.method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
