/**
 * Test helper: the network boundary for telemetry tests. Replaces fetch, XMLHttpRequest and
 * navigator.sendBeacon with recorders (never the telemetry libraries themselves), answers the
 * app's own API from a route table, and decodes what was sent (gzip, base64 or plain JSON).
 * Install it once per file, before anything loads posthog-js or starts Sentry: both keep the
 * fetch they find.
 */
import { apiError, type Handler } from './fetchMock';

export interface SentRequest {
  transport: 'fetch' | 'xhr' | 'beacon';
  url: URL;
  method: string;
  /** The body as text, decompressed. */
  body: string;
}

export interface Network {
  sent: SentRequest[];
  /** The app's own routes ("METHOD /path"); anything else to localhost answers 404. */
  routes: Record<string, Handler>;
  /** What the telemetry hosts answer. */
  answer: (url: URL) => Response;
}

async function bytesOf(body: unknown): Promise<Uint8Array> {
  if (body === null || body === undefined) return new Uint8Array();
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof (body as Blob).arrayBuffer === 'function') {
    return new Uint8Array(await (body as Blob).arrayBuffer());
  }
  if (body instanceof URLSearchParams) return new TextEncoder().encode(body.toString());
  return new TextEncoder().encode(String(body));
}

async function gunzip(bytes: Uint8Array): Promise<string> {
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(new DecompressionStream('gzip'))).text();
}

/** The body as text: gzip (PostHog's gzip-js) is inflated, base64 form bodies decoded. */
export async function decodeBody(url: URL, body: unknown): Promise<string> {
  const bytes = await bytesOf(body);
  if (
    url.searchParams.get('compression') === 'gzip-js' ||
    (bytes[0] === 0x1f && bytes[1] === 0x8b)
  ) {
    return gunzip(bytes);
  }
  const text = new TextDecoder().decode(bytes);
  if (url.searchParams.get('compression') === 'base64') {
    const data = new URLSearchParams(text).get('data') ?? text;
    return new TextDecoder().decode(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)));
  }
  return text;
}

export function installNetwork(): Network {
  const network: Network = {
    sent: [],
    routes: {},
    answer: () =>
      new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
  };
  const record = async (
    transport: SentRequest['transport'],
    raw: string,
    method: string,
    body: unknown,
  ) => {
    const url = new URL(raw, 'http://localhost');
    network.sent.push({ transport, url, method, body: await decodeBody(url, body) });
    return url;
  };

  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const raw = input instanceof Request ? input.url : String(input);
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const url = new URL(raw, 'http://localhost');
    if (url.origin === 'http://localhost') {
      const request =
        input instanceof Request
          ? input
          : new Request(url, { method, body: init?.body ?? null, headers: init?.headers });
      const handler = network.routes[`${method} ${url.pathname}`];
      return handler ? handler(request) : apiError(404, `No mock for ${method} ${url.pathname}`);
    }
    const body =
      init?.body ?? (input instanceof Request ? await input.clone().arrayBuffer() : null);
    await record('fetch', raw, method, body);
    return network.answer(url);
  };
  Object.defineProperty(window, 'fetch', { value: fetchStub, writable: true, configurable: true });
  Object.defineProperty(globalThis, 'fetch', {
    value: fetchStub,
    writable: true,
    configurable: true,
  });

  class RecordingXhr {
    readyState = 0;
    status = 0;
    responseText = '{}';
    withCredentials = false;
    onreadystatechange: (() => void) | null = null;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    send(body?: unknown) {
      void record('xhr', this.url, this.method, body).then(() => {
        this.readyState = 4;
        this.status = 200;
        this.onreadystatechange?.();
        this.onload?.();
      });
    }
  }
  Object.defineProperty(window, 'XMLHttpRequest', {
    value: RecordingXhr,
    writable: true,
    configurable: true,
  });
  Object.defineProperty(window.navigator, 'sendBeacon', {
    value: (raw: string, body?: unknown) => {
      void record('beacon', raw, 'POST', body);
      return true;
    },
    writable: true,
    configurable: true,
  });
  return network;
}
