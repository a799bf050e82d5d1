import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Owner, RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer, bodyOf } from '../../test/application';
import { json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';
import { party, submittedCase } from '../../test/tiles';
import { clearFeedbackRequest, FEEDBACK_TEXTS } from '../feedback';
import { NOT_FOUND_TEXT } from '../shell';
import { ACCEPT_TEXTS, ISSUED_DOCUMENTS } from './texts';

const REPORT = { documentId: 41, documentType: 'MORTGAGE_REPORT', isDraft: false };
const STATEMENT = { documentId: 51, documentType: 'COMPLETION_STATEMENT', isDraft: false };
const MOVED = { caseId: 1001, caseType: 'REMORTGAGING' };

function owners(annAccepted: Owner['documentAcceptances'] = [], bobAccepted = annAccepted) {
  return [
    party(11, 'user-1', 'Ann', { documentAcceptances: annAccepted }),
    party(12, 'user-2', 'Bob', { documentAcceptances: bobAccepted }),
  ];
}

/** A remortgage waiting for the owners to accept the mortgage report. */
function reportCase(propertyOwners = owners()): RemortgagingExpanded {
  return submittedCase(
    {
      status: 'MORTGAGE_REPORT_ACCEPTANCE',
      propertyOwners,
      documents: { documents: [], generatedDocuments: [REPORT] },
    },
    {
      identification: 'IS_COMPLETE',
      documents: 'IS_COMPLETE',
      'mortgage-report': 'NOT_STARTED',
    },
  );
}

/** A remortgage waiting for the owners to accept the completion statement. */
function statementCase(propertyOwners = owners()): RemortgagingExpanded {
  return submittedCase(
    {
      status: 'COMPLETION_STATEMENT_ACCEPTANCE',
      propertyOwners,
      documents: { documents: [], generatedDocuments: [REPORT, STATEMENT] },
    },
    {
      identification: 'IS_COMPLETE',
      documents: 'IS_COMPLETE',
      'mortgage-report': 'IS_COMPLETE',
      'completion-statement': 'NOT_STARTED',
    },
  );
}

const acceptButton = () => screen.queryByRole('button', { name: ACCEPT_TEXTS.accept });

describe('Mortgage Report and Completion Statement', () => {
  afterEach(() => {
    clearFeedbackRequest();
    vi.unstubAllGlobals();
  });

  it('REM-POST-11 DOCS-10: /mortgage-report says what it is; Accept posts and then shows the date', async () => {
    let current = reportCase();
    const { calls } = applicationServer(() => current, {
      'POST /api/document/41/accept': () => {
        current = reportCase(owners([{ documentId: 41, acceptedAt: '2026-03-20T09:00:00Z' }], []));
        return json({ ...MOVED, status: 'MORTGAGE_REPORT_ACCEPTANCE' });
      },
    });
    renderApp('/remortgaging/1001/mortgage-report');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mortgage Report' })).toBeVisible();
    expect(screen.getByText(ISSUED_DOCUMENTS.MORTGAGE_REPORT.what)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Mortgage report' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/mortgage-report/view',
    );
    expect(screen.getByRole('link', { name: 'Download Mortgage report' })).toHaveAttribute(
      'href',
      '/api/document/41',
    );
    const others = within(screen.getByRole('list', { name: 'The other owners' }));
    expect(others.getByText('Bob')).toBeVisible();
    expect(others.getByText(ACCEPT_TEXTS.otherNotYet)).toBeVisible();

    await userEvent.click(acceptButton()!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/41/accept')).toEqual({}));
    expect(await screen.findByText(ISSUED_DOCUMENTS.MORTGAGE_REPORT.acceptedToast)).toBeVisible();
    expect(await screen.findByText(ACCEPT_TEXTS.youAccepted('20/03/2026'))).toBeVisible();
    expect(acceptButton()).toBeNull();
    // No feedback is asked about the mortgage report.
    expect(screen.queryByRole('dialog', { name: FEEDBACK_TEXTS.title })).toBeNull();
  });

  it('REM-POST-08 DOCS-10: no Accept for a document this owner accepted; each other owner by name', async () => {
    applicationServer(() =>
      reportCase([
        party(11, 'user-1', 'Ann', {
          documentAcceptances: [{ documentId: 41, acceptedAt: '2026-03-12T09:00:00Z' }],
        }),
        party(12, 'user-2', 'Bob', {
          documentAcceptances: [{ documentId: 41, acceptedAt: '2026-03-13T09:00:00Z' }],
        }),
        party(13, 'user-3', 'Cy'),
      ]),
    );
    renderApp('/remortgaging/1001/mortgage-report');
    expect(await screen.findByTestId('own-acceptance')).toHaveTextContent(
      'You accepted this on 12/03/2026',
    );
    expect(acceptButton()).toBeNull();
    const others = within(screen.getByRole('list', { name: 'The other owners' }));
    expect(others.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Bob${ACCEPT_TEXTS.otherAccepted} 13/03/2026`,
      `Cy${ACCEPT_TEXTS.otherNotYet}`,
    ]);
  });

  it('DOCS-09: an accepted earlier report does not count for the one issued after it', async () => {
    applicationServer(() =>
      submittedCase(
        {
          status: 'MORTGAGE_REPORT_ACCEPTANCE',
          propertyOwners: owners([{ documentId: 40, acceptedAt: '2026-03-01T09:00:00Z' }]),
          documents: {
            documents: [],
            generatedDocuments: [{ ...REPORT, documentId: 40 }, REPORT],
          },
        },
        { 'mortgage-report': 'NOT_STARTED' },
      ),
    );
    renderApp('/remortgaging/1001/mortgage-report');
    expect(await screen.findByRole('button', { name: ACCEPT_TEXTS.accept })).toBeEnabled();
    expect(screen.queryByTestId('own-acceptance')).toBeNull();
  });

  it('DOCS-09: a draft is never offered for acceptance', async () => {
    applicationServer(() =>
      submittedCase(
        {
          status: 'COMPLETION_STATEMENT_ACCEPTANCE',
          propertyOwners: owners(),
          documents: {
            documents: [],
            generatedDocuments: [REPORT, { ...STATEMENT, isDraft: true }],
          },
        },
        { 'completion-statement': 'NOT_STARTED' },
      ),
    );
    renderApp('/remortgaging/1001/completion-statement');
    expect(await screen.findByText(ISSUED_DOCUMENTS.COMPLETION_STATEMENT.notReady)).toBeVisible();
    expect(acceptButton()).toBeNull();
  });

  it('REM-POST-15 FEEDBACK-03: accepting the completion statement opens the ACCEPT_COMPLETION_STATEMENT dialog', async () => {
    let current = statementCase();
    const { calls } = applicationServer(() => current, {
      'POST /api/document/51/accept': () => {
        current = statementCase(
          owners([{ documentId: 51, acceptedAt: '2026-03-25T09:00:00Z' }], []),
        );
        return json({ ...MOVED, status: 'COMPLETION_STATEMENT_ACCEPTANCE' });
      },
      'POST /api/feedback': () => {
        current = { ...current, feedbackGiven: ['ACCEPT_COMPLETION_STATEMENT'] };
        return noContent();
      },
    });
    renderApp('/remortgaging/1001/completion-statement');
    expect(await screen.findByText(ISSUED_DOCUMENTS.COMPLETION_STATEMENT.what)).toBeVisible();
    await userEvent.click(acceptButton()!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/51/accept')).toEqual({}));
    const dialog = await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title });
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 stars, excellent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/feedback')).toEqual({
        caseType: 'REMORTGAGING',
        caseId: 1001,
        feedbackPoint: 'ACCEPT_COMPLETION_STATEMENT',
        rating: 5,
        message: '',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: FEEDBACK_TEXTS.title })).toBeNull(),
    );
    expect(await screen.findByText(ACCEPT_TEXTS.youAccepted('25/03/2026'))).toBeVisible();
  });

  it('a refused acceptance says so and can be tried again', async () => {
    let attempts = 0;
    applicationServer(() => reportCase(), {
      'POST /api/document/41/accept': () => {
        attempts += 1;
        return json({ error: { code: 'error', message: 'Try later' } }, 500);
      },
    });
    renderApp('/remortgaging/1001/mortgage-report');
    await userEvent.click(await screen.findByRole('button', { name: ACCEPT_TEXTS.accept }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCEPT_TEXTS.acceptFailed);
    await userEvent.click(screen.getByRole('button', { name: ACCEPT_TEXTS.accept }));
    await waitFor(() => expect(attempts).toBe(2));
  });

  it('REM-POST-11: /mortgage-report/view shows the PDF in the page, with Accept and Download under it', async () => {
    // jsdom has no object URLs: the page's are stood in for, and put back after.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/report-41');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const { calls } = applicationServer(() => reportCase(), {
      'GET /api/document/41': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="mortgage-report.pdf"',
          },
        }),
    });
    renderApp('/remortgaging/1001/mortgage-report/view');
    const frame = await screen.findByTitle(ISSUED_DOCUMENTS.MORTGAGE_REPORT.title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/report-41');
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/document/41')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download Mortgage report' })).toBeVisible();
    expect(screen.getByRole('button', { name: ACCEPT_TEXTS.accept })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to the mortgage report' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/mortgage-report',
    );
  });

  it('on a phone the view page offers Download instead of the inline viewer', async () => {
    stubViewport(375);
    const { calls } = applicationServer(() => statementCase());
    renderApp('/remortgaging/1001/completion-statement/view');
    expect(await screen.findByText(ACCEPT_TEXTS.phoneNote)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download Completion statement' })).toHaveAttribute(
      'href',
      '/api/document/51',
    );
    expect(screen.queryByTitle(ISSUED_DOCUMENTS.COMPLETION_STATEMENT.title)).toBeNull();
    expect(calls.some((c) => c.path === '/api/document/51')).toBe(false);
    expect(screen.getByRole('button', { name: ACCEPT_TEXTS.accept })).toBeEnabled();
  });

  it('REM-POST-10 REM-POST-14: a locked tile and its /view lead to the list; a tile without a document has no /view', async () => {
    applicationServer(() => submittedCase(), {
      'GET /api/remortgaging/cases': () =>
        json({ cases: [], totalCount: 0, totalPages: 0, currentPage: 0 }),
    });
    const { router } = renderApp('/remortgaging/1001/mortgage-report/view');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    await router.navigate({ href: '/remortgaging/1001/completion-statement' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    await router.navigate({ href: '/remortgaging/1001/identification/view' });
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeVisible();
  });
});
