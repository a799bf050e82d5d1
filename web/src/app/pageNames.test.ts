import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { currentPageName } from './pageTracking';
import { createAppRouter } from './router';
import { sessionMachine } from '../features/auth';
import { createQueryClient } from '../lib/queryClient';
import { pageNameFor } from '../lib/pageNames';

/** The page name the app's real route tree gives a path (matched, not loaded). */
function nameOf(path: string): string {
  const router = createAppRouter(
    { session: createActor(sessionMachine), queryClient: createQueryClient() },
    createMemoryHistory({ initialEntries: ['/'] }),
  );
  const url = new URL(path, 'http://localhost');
  const matches = router.matchRoutes(url.pathname, {}, { throwOnError: false });
  return currentPageName(matches as unknown as Parameters<typeof currentPageName>[0]);
}

describe('page names (CONSENT-07)', () => {
  it("uses the spec's names for its pages", () => {
    expect(nameOf('/login/auth?token=abc')).toBe('login_auth');
    expect(nameOf('/')).toBe('home');
    expect(nameOf('/documents')).toBe('dashboard_documents');
    expect(nameOf('/remortgaging/123/mortgage-report/view')).toBe('mortgage_report_accept');
    expect(nameOf('/remortgaging/123/mortgage-report')).toBe('mortgage_report_accept');
    expect(nameOf('/assistant')).toBe('ai_assistant');
    expect(nameOf('/buying/123/source-of-funds')).toBe('source_of_funds');
  });

  it('a path no route matches is not_found', () => {
    expect(nameOf('/no/such/page')).toBe('not_found');
    expect(nameOf('/leasing')).toBe('not_found');
    expect(nameOf('/documents/leasing/12')).toBe('not_found');
  });

  it('a failed match is unexpected_error, a notFound one not_found', () => {
    const page = { fullPath: '/documents', params: {} };
    expect(currentPageName([{ ...page, status: 'error', error: new Error('x') }])).toBe(
      'unexpected_error',
    );
    expect(currentPageName([{ ...page, status: 'notFound' }])).toBe('not_found');
  });

  it('other routes get a stable name from the route, never from ids in the URL', () => {
    expect(nameOf('/remortgaging/123/identification')).toBe('remortgaging_case_identification');
    expect(nameOf('/remortgaging/987/identification')).toBe('remortgaging_case_identification');
    expect(nameOf('/buying/5/application/key-facts')).toBe('buying_case_application_key_facts');
    expect(nameOf('/buying/5/completion-statement/view')).toBe(
      'buying_case_completion_statement_view',
    );
    expect(nameOf('/remortgaging')).toBe('remortgaging');
    expect(nameOf('/login')).toBe('login');
    expect(nameOf('/gift/77')).toBe('gift_case');
    expect(nameOf('/documents/buying/5')).toBe('documents_buying_case');
    expect(nameOf('/staff/cases/remortgaging/9')).toBe('staff_cases_remortgaging_case');
  });

  it('keeps the names of pages that do not exist yet', () => {
    expect(pageNameFor('/source-of-funds')).toBe('source_of_funds');
    expect(pageNameFor('/ai-assistant')).toBe('ai_assistant');
  });

  it('a slug param that looks like an id falls back to the param name', () => {
    expect(
      pageNameFor('/$caseType/$caseId/$tile', { caseType: 'remortgaging', tile: '12345' }),
    ).toBe('remortgaging_case_tile');
  });
});
