import { describe, expect, it } from 'vitest';
import { ApiError } from './api/errors';
import { createQueryClient, shouldRetryQuery } from './queryClient';
import { shouldReport } from './errorReporter';

describe('query client (spec section 7 cache rules)', () => {
  it('CACHE-01 CACHE-02 CACHE-03 CACHE-04 CACHE-05 CACHE-09: defaults', () => {
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
});
