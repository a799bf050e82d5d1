import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BuyingExpanded, CaseStatus } from '../../lib/api/types';
import { bodyOf, buyingServer } from '../../test/application';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { documentBody, myDocuments, party, submittedPurchase } from '../../test/tiles';
import { contractPackStep } from './components/ContractPackTile';
import { ACCEPT_TEXTS, CONTRACT_PACK_TEXTS, ISSUED_DOCUMENTS, SEARCHES_TEXTS } from './texts';

const upload = (documentId: number, documentType: string) => ({
  documentId,
  documentType,
  url: `/api/document/${documentId}`,
});

/** A purchase waiting for its searches, with these results and summaries recorded. */
function searchesCase(
  documents: BuyingExpanded['searches']['documents'],
  summaries: BuyingExpanded['searches']['summaries'] = [],
): BuyingExpanded {
  return submittedPurchase(
    {
      status: 'AWAITING_SEARCHES',
      searches: { documents, summaries },
      documents: {
        documents: [...documents, ...summaries].map((d) => upload(d.documentId, d.documentType)),
        generatedDocuments: [],
      },
    },
    { searches: 'NOT_STARTED' },
  );
}

describe('Searches (/searches)', () => {
  it('BUY-POST-16: whether each search is back, then the results and summaries to download', async () => {
    buyingServer(
      () =>
        searchesCase(
          [
            { documentId: 71, documentType: 'LOCAL_AUTHORITY_SEARCH' },
            { documentId: 72, documentType: 'ENVIRONMENTAL_SEARCH' },
          ],
          [{ documentId: 73, documentType: 'LOCAL_AUTHORITY_SEARCH' }],
        ),
      {
        'GET /api/documents': () =>
          json(
            myDocuments(
              [documentBody(71, 'LOCAL_AUTHORITY_SEARCH', 'council-search.pdf', 'BUYING')],
              'BUYING',
            ),
          ),
      },
    );
    renderApp('/buying/1001/searches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Searches' })).toBeVisible();
    expect(screen.getByText(SEARCHES_TEXTS.intro)).toBeVisible();
    const status = within(screen.getByRole('list', { name: SEARCHES_TEXTS.statusHeading }));
    expect(status.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Local authority search${SEARCHES_TEXTS.back}`,
      `Drainage and water search${SEARCHES_TEXTS.notBack}`,
      `Environmental search${SEARCHES_TEXTS.back}`,
    ]);
    const results = within(screen.getByRole('list', { name: SEARCHES_TEXTS.resultsHeading }));
    expect(results.getAllByRole('listitem')).toHaveLength(2);
    expect(await results.findByText(/council-search\.pdf/)).toBeVisible();
    expect(results.getByRole('link', { name: 'Download Environmental search' })).toHaveAttribute(
      'href',
      '/api/document/72',
    );
    const summaries = within(screen.getByRole('list', { name: SEARCHES_TEXTS.summariesHeading }));
    expect(
      summaries.getByRole('link', { name: 'Download Local authority search' }),
    ).toHaveAttribute('href', '/api/document/73');
  });

  it('before anything is back: every search is awaited and the lists say so', async () => {
    buyingServer(() => searchesCase([]), {
      'GET /api/documents': () => json(myDocuments([], 'BUYING')),
    });
    renderApp('/buying/1001/searches');
    const status = within(await screen.findByRole('list', { name: SEARCHES_TEXTS.statusHeading }));
    expect(status.getAllByText(SEARCHES_TEXTS.notBack)).toHaveLength(3);
    expect(screen.getByText(SEARCHES_TEXTS.noResults)).toBeVisible();
    expect(screen.getByText(SEARCHES_TEXTS.noSummaries)).toBeVisible();
  });
});

/** A purchase at `status`, its contract-pack tile open, with these documents. */
function packCase(
  status: CaseStatus,
  documents: BuyingExpanded['documents'],
  buyers = [party(11, 'user-1', 'Ann')],
): BuyingExpanded {
  return submittedPurchase({ status, documents, buyers }, { 'contract-pack': 'NOT_STARTED' });
}

describe('Contract Pack (/contract-pack)', () => {
  it.each([
    ['AWAITING_CONTRACT_PACK', 0],
    ['AWAITING_SEARCHES', 1],
    ['CONTRACT_PACK_REVIEW', 2],
    ['PREPARE_REPORT_ON_TITLE', 3],
    ['COMPLETED', 3],
    ['IDENTITY_VERIFICATION', -1],
  ] as const)('the step of %s is %i', (status, step) => {
    expect(contractPackStep(status)).toBe(step);
  });

  it('BUY-POST-17: where the pack stands from the status, and the TA6 to download once the firm has it', async () => {
    buyingServer(
      () =>
        packCase('AWAITING_SEARCHES', {
          documents: [upload(91, 'TA6')],
          generatedDocuments: [],
        }),
      { 'GET /api/documents': () => json(myDocuments([], 'BUYING')) },
    );
    renderApp('/buying/1001/contract-pack');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contract Pack' })).toBeVisible();
    const steps = within(screen.getByRole('list', { name: CONTRACT_PACK_TEXTS.progressHeading }));
    expect(steps.getAllByRole('listitem').map((li) => [li.textContent, li.dataset.state])).toEqual([
      [`${CONTRACT_PACK_TEXTS.steps[0]}${CONTRACT_PACK_TEXTS.stepDone}`, 'done'],
      // The step icon's number comes first (a done step shows a tick instead).
      [`2${CONTRACT_PACK_TEXTS.steps[1]}${CONTRACT_PACK_TEXTS.stepNow}`, 'current'],
      [`3${CONTRACT_PACK_TEXTS.steps[2]}`, 'todo'],
    ]);
    expect(screen.queryByTestId('contract-pack-done')).toBeNull();
    const ta6 = within(screen.getByRole('list', { name: CONTRACT_PACK_TEXTS.ta6Heading }));
    expect(
      ta6.getByRole('link', { name: 'Download Property information form (TA6)' }),
    ).toHaveAttribute('href', '/api/document/91');
    expect(screen.getByText(ISSUED_DOCUMENTS.REPORT_ON_TITLE.notReady)).toBeVisible();
  });

  it("issue 29: the buyer follows the firm's enquiries, each with its reply or what it waits for", async () => {
    const asked = (question: string, patch: Partial<BuyingExpanded['enquiries'][number]>) => ({
      question,
      raisedAt: '2026-12-01T10:00:00Z',
      answer: null,
      answeredAt: null,
      outcome: null,
      ...patch,
    });
    buyingServer(
      () => ({
        ...packCase('CONTRACT_PACK_REVIEW', { documents: [], generatedDocuments: [] }),
        enquiries: [
          asked('Was the boiler serviced?', {
            answer: 'Awaiting instructions.',
            answeredAt: '2026-12-02T10:00:00Z',
            outcome: 'FOLLOWED_UP',
          }),
          asked('Please supply the FENSA certificate.', {
            answer: 'Attached.',
            answeredAt: '2026-12-03T10:00:00Z',
            outcome: 'SATISFIED',
          }),
          asked('When was it last serviced?', {}),
        ],
      }),
      { 'GET /api/documents': () => json(myDocuments([], 'BUYING')) },
    );
    renderApp('/buying/1001/contract-pack');
    const list = within(
      await screen.findByRole('list', { name: CONTRACT_PACK_TEXTS.enquiriesHeading }),
    );
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Enquiry 1Was the boiler serviced?Raised 01/12/2026');
    expect(items[0]).toHaveTextContent(CONTRACT_PACK_TEXTS.followedUp);
    expect(items[1]).toHaveTextContent('Reply, 03/12/2026Attached.');
    expect(items[1]).not.toHaveTextContent(CONTRACT_PACK_TEXTS.awaitingReply);
    expect(items[2]).toHaveTextContent(CONTRACT_PACK_TEXTS.awaitingReply);
  });

  it('BUY-POST-17: once reviewed, every step is done; the issued report on title is downloaded and accepted', async () => {
    const report = { documentId: 95, documentType: 'REPORT_ON_TITLE', isDraft: false };
    let current = packCase(
      'REPORT_ON_TITLE_ACCEPTANCE',
      { documents: [], generatedDocuments: [report] },
      [party(11, 'user-1', 'Ann'), party(12, 'user-2', 'Bob')],
    );
    const { calls } = buyingServer(() => current, {
      'GET /api/documents': () => json(myDocuments([], 'BUYING')),
      'POST /api/document/95/accept': () => {
        current = packCase(
          'REPORT_ON_TITLE_ACCEPTANCE',
          { documents: [], generatedDocuments: [report] },
          [
            party(11, 'user-1', 'Ann', {
              documentAcceptances: [{ documentId: 95, acceptedAt: '2026-04-01T09:00:00Z' }],
            }),
            party(12, 'user-2', 'Bob'),
          ],
        );
        return json({ caseId: 1001, caseType: 'BUYING', status: 'REPORT_ON_TITLE_ACCEPTANCE' });
      },
    });
    renderApp('/buying/1001/contract-pack');
    expect(await screen.findByTestId('contract-pack-done')).toHaveTextContent(
      CONTRACT_PACK_TEXTS.done,
    );
    expect(screen.getByText(CONTRACT_PACK_TEXTS.noTa6)).toBeVisible();
    const section = within(
      screen.getByRole('region', { name: ISSUED_DOCUMENTS.REPORT_ON_TITLE.title }),
    );
    expect(section.getByText(ISSUED_DOCUMENTS.REPORT_ON_TITLE.what)).toBeVisible();
    expect(section.getByRole('link', { name: 'Download Report on title' })).toHaveAttribute(
      'href',
      '/api/document/95',
    );
    // No /view page for the report: the contract pack has none.
    expect(section.queryByRole('link', { name: /^View/ })).toBeNull();
    await userEvent.click(section.getByRole('button', { name: ACCEPT_TEXTS.accept }));
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/95/accept')).toEqual({}));
    expect(await screen.findByText(ACCEPT_TEXTS.youAccepted('01/04/2026'))).toBeVisible();
    expect(within(section.getByRole('list', { name: 'The other buyers' })).getByText('Bob'));
  });
});
