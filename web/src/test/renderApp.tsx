import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import { checkOnLoad, requestRefresh, sessionMachine } from '../features/auth';
import { configureApi, setRefreshHandler } from '../lib/api/client';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig, type RuntimeConfig } from '../lib/config';
import { createQueryClient } from '../lib/queryClient';

export const TEST_API = 'http://localhost/api';

/**
 * Renders the whole app at `path` against the mocked fetch (see fetchMock.ts), as main.tsx does:
 * the session check runs unless the path begins with /login/auth (a back-office check on /staff).
 * `config` changes the runtime config the server would serve (e.g. an identity provider).
 */
export function renderApp(path: string, config: Partial<RuntimeConfig> = {}) {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, ...config });
  configureApi(TEST_API);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const session = createActor(
    sessionMachine.provide({ actions: { clearCache: () => queryClient.clear() } }),
  );
  session.start();
  setRefreshHandler(() => requestRefresh(session));
  checkOnLoad(session, new URL(path, 'http://localhost').pathname);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ session, queryClient }, history);
  const utils = render(<App session={session} queryClient={queryClient} router={router} />);
  return { ...utils, router, session, queryClient, history };
}
