// A local fake of the two telemetry services, at their network boundary: Sentry's envelope
// endpoint (`POST /api/{project}/envelope/`) and PostHog's capture endpoints (`POST /e/`,
// `/i/v0/e/`, `/batch/`…). It answers everything with 200 (CORS open, as the real ones are) and
// records each request with its body decoded (PostHog's gzip-js or base64, Sentry's plain
// envelope), so a test can read what the browser sent.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

export const SENTRY_PROJECT = '42';
export const SENTRY_KEY = 'e2epublickey';
export const POSTHOG_KEY = 'phc_threshold_e2e';

export interface Recorded {
  method: string;
  url: URL;
  body: string;
}

export interface FakeTelemetry {
  url: string;
  dsn: string;
  requests: Recorded[];
  server: Server;
}

async function bytesOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function decode(url: URL, bytes: Buffer): string {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return gunzipSync(bytes).toString('utf8');
  const text = bytes.toString('utf8');
  if (url.searchParams.get('compression') === 'base64') {
    const data = new URLSearchParams(text).get('data') ?? text;
    return Buffer.from(data, 'base64').toString('utf8');
  }
  return text;
}

export async function startFakeTelemetry(): Promise<FakeTelemetry> {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const bytes = await bytesOf(req);
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    requests.push({ method: req.method ?? 'GET', url, body: decode(url, bytes) });
    res.writeHead(200, { ...cors, 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  return { url, dsn: `http://${SENTRY_KEY}@127.0.0.1:${port}/${SENTRY_PROJECT}`, requests, server };
}

export interface PosthogEvent {
  event: string;
  properties: Record<string, unknown>;
}

/** The PostHog events received (not Sentry's envelopes). */
export function posthogEvents(fake: FakeTelemetry): PosthogEvent[] {
  return fake.requests
    .filter((r) => r.method === 'POST' && !r.url.pathname.startsWith('/api/'))
    .flatMap((r) => {
      try {
        const data = JSON.parse(r.body) as PosthogEvent | PosthogEvent[] | { batch: PosthogEvent[] };
        return Array.isArray(data) ? data : 'batch' in data ? data.batch : [data];
      } catch {
        return [];
      }
    });
}

export interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

/** The items of the Sentry envelopes received. */
export function sentryItems(fake: FakeTelemetry): EnvelopeItem[] {
  return fake.requests
    .filter((r) => r.url.pathname === `/api/${SENTRY_PROJECT}/envelope/`)
    .flatMap((r) => {
      const lines = r.body.split('\n').filter((l) => l.trim() !== '');
      const items: EnvelopeItem[] = [];
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const header = JSON.parse(lines[i]) as { type: string };
        items.push({ type: header.type, payload: JSON.parse(lines[i + 1]) as Record<string, unknown> });
      }
      return items;
    });
}
