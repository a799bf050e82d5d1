import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

/**
 * API clients. The base address comes from the runtime configuration, so the clients are made
 * by `configureApi` at start-up (and in tests).
 *
 * - `api()`: every feature call. On 401 or 403 (other than from /auth/refresh) it asks for one
 *   shared session refresh and retries the original request once — except for a 403 that asks
 *   for the back office's second factor or for a fresh sign-in link, which a refresh cannot give.
 * - `sessionApi()`: the session machine's own calls (verify, me, magic link, refresh, logout);
 *   the machine handles their 401s itself.
 */

export type RefreshHandler = () => Promise<boolean>;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let refreshHandler: RefreshHandler | null = null;
let inFlightRefresh: Promise<boolean> | null = null;

/** The session provides how to refresh; the client makes sure concurrent callers share one. */
export function setRefreshHandler(handler: RefreshHandler | null): void {
  refreshHandler = handler;
  inFlightRefresh = null;
}

export function sharedRefresh(): Promise<boolean> {
  if (!refreshHandler) return Promise.resolve(false);
  if (!inFlightRefresh) {
    const handler = refreshHandler;
    inFlightRefresh = handler()
      .catch(() => false)
      .finally(() => {
        inFlightRefresh = null;
      });
  }
  return inFlightRefresh;
}

/** Every write sends JSON: `{}` when there is nothing to send. */
export function withJsonBody(request: Request): Request {
  if (!WRITE_METHODS.has(request.method) || request.body !== null) return request;
  const headers = new Headers(request.headers);
  headers.set('Content-Type', 'application/json');
  return new Request(request, { body: '{}', headers });
}

function isRefreshCall(request: Request): boolean {
  return new URL(request.url, 'http://localhost').pathname.endsWith('/auth/refresh');
}

/**
 * 403s that are an answer rather than a session that ran out: the back office asking for its
 * second factor (or a fresh code before a step), and an e-mail change asking for a sign-in link
 * redeemed in the last minutes. Refreshing cannot change them (a refreshed session keeps its
 * sign-in time), and retrying would send a one-time code twice.
 */
const NO_REFRESH_CODES = new Set([
  'second_factor_required',
  'step_up_required',
  'reauthentication_required',
]);

async function asksForSecondFactor(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body: unknown = await response.clone().json();
    const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === 'string' && NO_REFRESH_CODES.has(code);
  } catch {
    return false;
  }
}

export async function plainFetch(request: Request): Promise<Response> {
  return globalThis.fetch(withJsonBody(request));
}

export async function refreshingFetch(request: Request): Promise<Response> {
  const req = withJsonBody(request);
  const retry = req.clone();
  const response = await globalThis.fetch(req);
  if (
    (response.status === 401 || response.status === 403) &&
    !isRefreshCall(req) &&
    !(await asksForSecondFactor(response))
  ) {
    const refreshed = await sharedRefresh();
    if (refreshed) return globalThis.fetch(retry);
  }
  return response;
}

type ApiClient = Client<paths>;

let clients: { api: ApiClient; session: ApiClient } | null = null;

export function configureApi(apiBaseUrl: string): void {
  const common = {
    credentials: 'include' as const,
    headers: { Accept: 'application/json' },
  };
  clients = {
    api: createClient<paths>({ ...common, baseUrl: apiBaseUrl, fetch: refreshingFetch }),
    session: createClient<paths>({ ...common, baseUrl: apiBaseUrl, fetch: plainFetch }),
  };
}

function get(): NonNullable<typeof clients> {
  if (!clients) throw new Error('configureApi() has not been called');
  return clients;
}

export const api = (): ApiClient => get().api;
export const sessionApi = (): ApiClient => get().session;
