import { ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ComponentType } from 'react';
import { createActor } from 'xstate';
import { theme } from '../app/theme';
import { SessionProvider, sessionMachine, whenSessionResolved } from '../features/auth';
import { useCase } from '../features/cases';
import { configureApi } from '../lib/api/client';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../lib/config';
import { createQueryClient } from '../lib/queryClient';
import type { Me, RemortgagingExpanded, Owner } from '../lib/api/types';
import { expanded, REM_SECTIONS } from './cases';
import { json, type Handler } from './fetchMock';
import { signedInServer } from './fixtures';
import { TEST_API } from './renderApp';

export const CASE_ID = '1001';

/** An owner of the remortgaging case, complete unless overridden. */
export function owner(
  overrides: Partial<Omit<Owner, 'user'>> = {},
  user: Partial<Owner['user']> = {},
): Owner {
  return {
    id: 11,
    isLead: true,
    redacted: false,
    partyType: 'APPLICANT',
    isUkResident: true,
    livesAtProperty: false,
    identitySubmittedAt: null,
    identityVerifiedAt: null,
    documentAcceptances: [],
    tenancyShare: null,
    // The server's answer: tests that show an incomplete owner give it, as the engine would.
    missingFields: [],
    ...overrides,
    user: {
      id: 'user-1',
      preferredName: 'Ann',
      email: 'ann@example.com',
      phoneNumber: '07700900123',
      dateOfBirth: '1980-05-04',
      legalNames: [
        { id: 1, firstName: 'Ann', middleNames: 'Marie', surname: 'Smith', until: null },
      ],
      address: { line1: '1 High Street', town: 'Canterbury', postcode: 'CT1 1AA' },
      occupation: 'Teacher',
      nationalInsuranceNumber: 'QQ123456C',
      ...user,
    },
  };
}

/** A co-owner as another customer sees them (ENT-12): personal fields withheld. */
export function redactedOwner(id = 12, userId = 'user-2', name = 'Bob'): Owner {
  return owner(
    { id, isLead: false, redacted: true, isUkResident: null },
    {
      id: userId,
      preferredName: name,
      email: null,
      phoneNumber: null,
      dateOfBirth: null,
      legalNames: [],
      address: { line1: null },
      occupation: null,
      nationalInsuranceNumber: null,
    },
  );
}

/** The expanded remortgaging case with these changes. */
export function remCase(patch: Partial<RemortgagingExpanded> = {}): RemortgagingExpanded {
  const base = expanded('REMORTGAGING', REM_SECTIONS) as RemortgagingExpanded;
  return { ...base, propertyOwners: [owner()], ...patch };
}

/**
 * Renders one application section as W1's page does: the case from GET …/expanded (refetched
 * after every successful write), the signed-in user `me`, a router with /settings, the toasts'
 * provider. `getCase` answers each GET of the case (so a test can change it after a write).
 */
export async function renderSection(
  Section: ComponentType<{ caseId: string; expanded: RemortgagingExpanded }>,
  me: Me,
  getCase: () => RemortgagingExpanded,
  routes: Record<string, Handler> = {},
) {
  const server = signedInServer(me, {
    [`GET /api/remortgaging/cases/${CASE_ID}/expanded`]: () => json(getCase()),
    ...routes,
  });
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  configureApi(TEST_API);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const session = createActor(sessionMachine);
  session.start();
  await whenSessionResolved(session);

  function Page() {
    const query = useCase('remortgaging', CASE_ID);
    if (!query.data) return <p>Loading case</p>;
    return (
      <main>
        <h1>Section</h1>
        <Section caseId={CASE_ID} expanded={query.data as RemortgagingExpanded} />
      </main>
    );
  }
  const rootRoute = createRootRoute({ component: Outlet });
  const routeTree = rootRoute.addChildren([
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: Page }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/settings',
      component: () => <h1>Settings</h1>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/$caseType',
      component: () => <h1>Case list</h1>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/$caseType/$caseId/application/$section',
      component: () => <h1>Application section</h1>,
    }),
  ]);
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const utils = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <SessionProvider actor={session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...utils, ...server, router, queryClient, session };
}

/** The JSON bodies of the calls to `METHOD path`. */
export function bodiesOf(
  calls: { method: string; path: string; body: string | null }[],
  method: string,
  path: string,
): unknown[] {
  return calls
    .filter((c) => c.method === method && c.path === path)
    .map((c) => (c.body ? JSON.parse(c.body) : null));
}
