import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPoliciesQuery } from '../features/policies';
import { POLICIES } from '../test/fixtures';
import { json, mockFetch } from '../test/fetchMock';
import { TEST_API } from '../test/renderApp';
import { configureApi } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import { createQueryClient, shouldRetryQuery } from '../lib/queryClient';
import { shouldReport } from '../lib/errorReporter';

describe('query client (spec section 7 cache rules)', () => {
  it('CACHE-01 CACHE-02 CACHE-03 CACHE-04 CACHE-05 CACHE-09 CONST-10: defaults', () => {
    const d = createQueryClient().getDefaultOptions();
    expect(d.queries?.staleTime).toBe(20_000);
    expect(d.queries?.gcTime).toBe(30_000);
    expect(d.queries?.refetchOnWindowFocus).toBe(true);
    expect(d.queries?.refetchOnReconnect).toBe(true);
    expect(d.mutations?.retry).toBe(0);
  });

  it('CACHE-01: server errors are retried 3 times, client errors and aborts are not', () => {
    const e500 = new ApiError(500, null);
    expect([0, 1, 2].map((n) => shouldRetryQuery(n, e500))).toEqual([true, true, true]);
    expect(shouldRetryQuery(3, e500)).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, null))).toBe(false);
    expect(shouldRetryQuery(0, new DOMException('x', 'AbortError'))).toBe(false);
  });

  it('ERR-22 ERR-23 ERR-24: 401/403 and aborts are not reported; 500+ is', () => {
    expect(shouldReport(new ApiError(401, null))).toBe(false);
    expect(shouldReport(new ApiError(403, null))).toBe(false);
    expect(shouldReport(new DOMException('x', 'AbortError'))).toBe(false);
    expect(shouldReport(new ApiError(503, null))).toBe(true);
  });

  it('CACHE-10: after a successful mutation every active query is fetched again', async () => {
    const client = createQueryClient();
    const fetched = { me: 0, list: 0 };
    const observers = (['me', 'list'] as const).map(
      (key) =>
        new QueryObserver(client, {
          queryKey: [key],
          queryFn: async () => {
            fetched[key] += 1;
            return fetched[key];
          },
        }),
    );
    const stop = observers.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(fetched).toEqual({ me: 1, list: 1 }));
    // Still fresh (20 s): nothing is fetched again by itself.
    await client.refetchQueries({ stale: true });
    expect(fetched).toEqual({ me: 1, list: 1 });
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'saved' })
      .execute(undefined);
    await vi.waitFor(() => expect(fetched).toEqual({ me: 2, list: 2 }));
    // A call marked read-only (a question to the assistant) changes nothing: no refetch.
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'answered', meta: { readOnly: true } })
      .execute(undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual({ me: 2, list: 2 });
    stop.forEach((unsubscribe) => unsubscribe());
  });
});

describe('the policies query', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('CACHE-07 CONST-09: the current policies are fresh for 20 minutes, then fetched again', async () => {
    vi.useFakeTimers();
    configureApi(TEST_API);
    const { calls } = mockFetch({ 'GET /api/policies/current': () => json(POLICIES) });
    const policyCalls = () => calls.filter((c) => c.path === '/api/policies/current').length;
    const client = createQueryClient();
    // A page showing the policies keeps the query alive (as the signup and shell do).
    const stop = new QueryObserver(client, currentPoliciesQuery()).subscribe(() => {});
    await vi.waitFor(() => expect(policyCalls()).toBe(1));
    await vi.advanceTimersByTimeAsync(19 * 60 * 1000);
    await client.fetchQuery(currentPoliciesQuery());
    expect(policyCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    await client.fetchQuery(currentPoliciesQuery());
    expect(policyCalls()).toBe(2);
    stop();
  });
});
