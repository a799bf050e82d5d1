import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startSession } from './app/bootstrap';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './lib/config';
import { createQueryClient } from './lib/queryClient';

async function main() {
  // The API base address comes from the runtime configuration, so read it before rendering.
  const config = await loadRuntimeConfig();
  const queryClient = createQueryClient();
  const session = startSession(config, queryClient, window.location.pathname);
  const router = createAppRouter({ session, queryClient });
  if (config.sentryDsn) {
    // Error reporting is loaded only when configured, and before the first render so that the
    // page load is traced. Without it, reports go to the console only.
    try {
      const { initSentry } = await import('./lib/sentry');
      initSentry(config, router);
    } catch (error) {
      console.error('[threshold] error reporting could not start', error);
    }
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={session} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void main();
