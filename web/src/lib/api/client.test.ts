import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, noContent } from '../../test/fetchMock';
import { api, configureApi, setRefreshHandler, sessionApi } from './client';
import { ApiError, unwrap } from './errors';

describe('API client', () => {
  beforeEach(() => {
    configureApi('http://localhost/api');
    setRefreshHandler(null);
  });

  it('CALLS-01 CALLS-03: uses the configured base address and sends credentials', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/sessions': () => json({ sessions: [] }) });
    await api().GET('/auth/sessions');
    expect(calls[0].path).toBe('/api/auth/sessions');
    expect(calls[0].request.credentials).toBe('include');
  });

  it('CALLS-02: every write sends JSON, {} when there is nothing to send', async () => {
    const { calls } = mockFetch({
      'DELETE /api/auth/sessions/s1': () => noContent(),
      'POST /api/auth/logout': () => noContent(),
    });
    await api().DELETE('/auth/sessions/{sessionId}', { params: { path: { sessionId: 's1' } } });
    await sessionApi().POST('/auth/logout', { body: {} });
    for (const call of calls) {
      expect(call.request.headers.get('content-type')).toBe('application/json');
      expect(call.body).toBe('{}');
    }
  });

  it('CALLS-04: a 204 yields no data', async () => {
    mockFetch({ 'POST /api/auth/logout': () => noContent() });
    expect(unwrap(await sessionApi().POST('/auth/logout', { body: {} }))).toBeUndefined();
  });

  it('ERR-26: error bodies become ApiError with code, message and fields', async () => {
    mockFetch({
      'POST /api/auth': () => apiError(422, 'Invalid', { username: 'Must include @' }),
    });
    const result = await api().POST('/auth', { body: { username: 'x' } });
    expect(() => unwrap(result)).toThrow(ApiError);
    try {
      unwrap(result);
    } catch (e) {
      expect((e as ApiError).fields.username).toBe('Must include @');
      expect((e as ApiError).status).toBe(422);
    }
  });

  it.each([401, 403])(
    'AUTH-29: on %i one refresh is attempted and the original request is retried',
    async (status) => {
      let n = 0;
      const { calls } = mockFetch({
        'GET /api/auth/sessions': () => (++n === 1 ? apiError(status) : json({ sessions: [] })),
      });
      const refresh = vi.fn(async () => true);
      setRefreshHandler(refresh);
      const result = await api().GET('/auth/sessions');
      expect(result.data).toEqual({ sessions: [] });
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(calls.map((c) => c.path)).toEqual(['/api/auth/sessions', '/api/auth/sessions']);
    },
  );

  it.each(['second_factor_required', 'step_up_required'])(
    'a 403 %s is the answer: no refresh, no retry (a one-time code is not sent twice)',
    async (code) => {
      const { calls } = mockFetch({
        'POST /api/auth/accept-policies': () =>
          json({ error: { code, message: 'Enter a code from your app' } }, 403),
      });
      const refresh = vi.fn(async () => true);
      setRefreshHandler(refresh);
      const result = await api().POST('/auth/accept-policies', {
        body: { privacyVersion: 2, termsVersion: 2 },
      });
      expect(result.response.status).toBe(403);
      expect((result.error as { error: { code: string } }).error.code).toBe(code);
      expect(refresh).not.toHaveBeenCalled();
      expect(calls).toHaveLength(1);
    },
  );

  it('AUTH-29: a retried write resends its body', async () => {
    let n = 0;
    const { calls } = mockFetch({
      'POST /api/auth/accept-policies': () => (++n === 1 ? apiError(401) : noContent()),
    });
    setRefreshHandler(async () => true);
    await api().POST('/auth/accept-policies', { body: { privacyVersion: 2, termsVersion: 2 } });
    expect(calls.map((c) => c.body)).toEqual([
      '{"privacyVersion":2,"termsVersion":2}',
      '{"privacyVersion":2,"termsVersion":2}',
    ]);
  });

  it('AUTH-30: concurrent 401s share ONE refresh, then every request is retried', async () => {
    const seen: Record<string, number> = {};
    mockFetch({
      'GET /api/auth/sessions': () =>
        (seen.s = (seen.s ?? 0) + 1) === 1 ? apiError(401) : json({ sessions: [] }),
      'GET /api/policies/current': () =>
        (seen.p = (seen.p ?? 0) + 1) === 1 ? apiError(401) : json({}),
    });
    let release!: (ok: boolean) => void;
    const refresh = vi.fn(() => new Promise<boolean>((r) => (release = r)));
    setRefreshHandler(refresh);
    const both = Promise.all([api().GET('/auth/sessions'), api().GET('/policies/current')]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    // Give the second 401 time to arrive while the first refresh is still running.
    await new Promise((r) => setTimeout(r, 10));
    release(true);
    const [a, b] = await both;
    expect(a.response.status).toBe(200);
    expect(b.response.status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('AUTH-31: a 401 from /auth/refresh itself never triggers another refresh', async () => {
    mockFetch({ 'POST /api/auth/refresh': () => apiError(401) });
    const refresh = vi.fn(async () => true);
    setRefreshHandler(refresh);
    const result = await api().POST('/auth/refresh', { body: {} });
    expect(result.response.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('AUTH-32: when the refresh fails the original 401 is returned, not retried', async () => {
    const { calls } = mockFetch({ 'GET /api/auth/sessions': () => apiError(401) });
    setRefreshHandler(async () => false);
    const result = await api().GET('/auth/sessions');
    expect(result.response.status).toBe(401);
    expect(calls).toHaveLength(1);
  });

  it('the session machine client does not refresh on its own', async () => {
    mockFetch({ 'GET /api/auth/me': () => apiError(401) });
    const refresh = vi.fn(async () => true);
    setRefreshHandler(refresh);
    await sessionApi().GET('/auth/me');
    expect(refresh).not.toHaveBeenCalled();
  });
});
