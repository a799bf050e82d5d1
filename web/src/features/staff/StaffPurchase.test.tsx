import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import { json, type Handler } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffCase, staffPurchase, staffServer } from '../../test/staff';
import type { StaffCase } from './types';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/buying/2002';

const upload = (documentId: number, documentType: string) => ({
  documentId,
  documentType,
  url: `/document/${documentId}`,
});

/** A purchase waiting for its searches: two uploaded, the local authority one recorded. */
function awaitingSearches(
  searches = {
    documents: [{ documentId: 71, documentType: 'LOCAL_AUTHORITY_SEARCH' }],
    summaries: [] as { documentId: number; documentType: string }[],
  },
): StaffCase {
  return staffPurchase('AWAITING_SEARCHES', 'Awaiting Searches', {
    documents: {
      documents: [
        upload(70, 'TA6'),
        upload(71, 'LOCAL_AUTHORITY_SEARCH'),
        upload(72, 'LOCAL_AUTHORITY_SEARCH'),
        upload(73, 'DRAINAGE_AND_WATER_SEARCH'),
      ],
      generatedDocuments: [],
    },
    searches,
  });
}

function server(initial: StaffCase, routes: Record<string, Handler> = {}) {
  const state = { current: initial };
  const result = staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(state.current),
    ...routes,
  });
  const posts = (path: string) =>
    result.calls
      .filter((c) => c.method === 'POST' && c.path === `${CASE_PATH}${path}`)
      .map((c) => JSON.parse(c.body!) as unknown);
  return { ...result, state, posts };
}

async function openCase() {
  renderApp('/staff/cases/buying/2002');
  await screen.findByRole('heading', {
    level: 1,
    name: '1 High Street, Canterbury, Kent, CT1 1AA',
  });
}

beforeEach(() => {
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

describe("the firm's uploads", () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'Add a document' offers the TA6, the three searches and Other, and uploads the chosen type with progress", async () => {
    const s = server(staffPurchase('AWAITING_CONTRACT_PACK', 'Awaiting Contract Pack'));
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Add a document' }));
    await userEvent.click(panel.getByRole('combobox', { name: 'Document type' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Property information form (TA6)',
      'Local authority search',
      'Drainage and water search',
      'Environmental search',
      'Other document',
    ]);
    await userEvent.click(options.getByRole('option', { name: 'Drainage and water search' }));
    await userEvent.upload(
      panel.getByLabelText('Choose a file and upload: Drainage and water search'),
      new File(['%PDF-1.7'], 'water.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr.url).toBe('/api/document');
    expect(xhr.fields()).toEqual({
      caseType: 'BUYING',
      caseId: '2002',
      documentType: 'DRAINAGE_AND_WATER_SEARCH',
      file: 'water.pdf',
    });
    xhr.progress(40, 100);
    await waitFor(() =>
      expect(
        panel.getByRole('progressbar', { name: 'Uploading Drainage and water search' }),
      ).toHaveAttribute('aria-valuenow', '40'),
    );
    const gets = () => s.calls.filter((c) => c.path === CASE_PATH).length;
    const before = gets();
    xhr.respond(201, { documentId: 74, documentType: 'DRAINAGE_AND_WATER_SEARCH' });
    expect(await screen.findByText('Drainage and water search uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
  });

  it("a refused upload is shown in the server's words", async () => {
    server(staffPurchase('AWAITING_CONTRACT_PACK', 'Awaiting Contract Pack'));
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Add a document' }));
    await userEvent.upload(
      panel.getByLabelText('Choose a file and upload: Property information form (TA6)'),
      new File(['%PDF-1.7'], 'ta6.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toMatchObject({ documentType: 'TA6' });
    FakeXhr.sent[0].respond(409, {
      error: { code: 'case_closed', message: 'This case is closed.' },
    });
    expect(await panel.findByRole('alert')).toHaveTextContent('This case is closed.');
  });

  it('a remortgage has neither panel', async () => {
    staffServer(CONVEYANCER, {
      'GET /api/staff/cases/remortgaging/1001': () => json(staffCase()),
    });
    renderApp('/staff/cases/remortgaging/1001');
    await screen.findByRole('region', { name: 'Documents we issue' });
    expect(screen.queryByRole('region', { name: 'Add a document' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Searches' })).toBeNull();
  });

  it('a purchase not yet submitted has neither panel', async () => {
    const open = staffPurchase('CUSTOMER_APPLICATION', 'Customer Application');
    server({
      ...open,
      expanded: { ...open.expanded, view: { ...open.expanded.view, submitted: false } },
    });
    await openCase();
    await screen.findByRole('region', { name: 'Documents we issue' });
    expect(screen.queryByRole('region', { name: 'Add a document' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Searches' })).toBeNull();
  });
});

describe('the searches', () => {
  it('each search type says what is recorded; each uploaded search can be recorded as a result or a summary', async () => {
    const s = server(awaitingSearches(), {
      [`POST ${CASE_PATH}/searches`]: () => {
        s.state.current = awaitingSearches({
          documents: [{ documentId: 71, documentType: 'LOCAL_AUTHORITY_SEARCH' }],
          summaries: [{ documentId: 72, documentType: 'LOCAL_AUTHORITY_SEARCH' }],
        });
        return json({ status: 'AWAITING_SEARCHES' });
      },
    });
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Searches' }));
    expect(panel.getByText('Local authority search').nextSibling).toHaveTextContent(
      'Result recorded, summary not yet',
    );
    expect(panel.getByText('Drainage and water search').nextSibling).toHaveTextContent(
      'Nothing recorded yet',
    );
    const items = within(panel.getByRole('list', { name: 'Searches' })).getAllByRole('listitem');
    // The TA6 is not a search.
    expect(items.map((li) => li.getAttribute('data-document'))).toEqual(['71', '72', '73']);
    const [recorded, summary] = items.map((li) => within(li));
    expect(recorded.getByText('Recorded as search result')).toBeInTheDocument();
    expect(recorded.queryByRole('button')).toBeNull();
    const recordSummary = summary.getByRole('button', { name: 'Record as summary' });
    expect(recordSummary).toHaveAccessibleDescription('Local authority search (document 72)');
    expect(
      summary.getByRole('link', { name: 'Download Local authority search (document 72)' }),
    ).toHaveAttribute('href', '/api/document/72');

    await userEvent.click(recordSummary);
    expect(
      await screen.findByText('Local authority search recorded as a summary.'),
    ).toBeInTheDocument();
    expect(s.posts('/searches')).toEqual([{ documentId: 72, kind: 'SUMMARY' }]);
    await waitFor(() =>
      expect(panel.getByText('Local authority search').nextSibling).toHaveTextContent(
        'Result and summary recorded',
      ),
    );
    expect(
      within(panel.getAllByRole('listitem').find((li) => li.dataset.document === '72')!).getByText(
        'Recorded as summary',
      ),
    ).toBeInTheDocument();
  });

  it("a 409 (the Searches tile not open yet) is said in the server's words", async () => {
    const s = server(awaitingSearches(), {
      [`POST ${CASE_PATH}/searches`]: () =>
        json(
          {
            error: {
              code: 'section_closed',
              message: 'The searches can be recorded once the deposit is paid.',
            },
          },
          409,
        ),
    });
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Searches' }));
    const item = within(panel.getAllByRole('listitem').find((li) => li.dataset.document === '73')!);
    await userEvent.click(item.getByRole('button', { name: 'Record as search result' }));
    expect(
      await screen.findByText('The searches can be recorded once the deposit is paid.'),
    ).toBeInTheDocument();
    expect(s.posts('/searches')).toEqual([{ documentId: 73, kind: 'DOCUMENT' }]);
    expect(item.getByRole('button', { name: 'Record as search result' })).toBeEnabled();
  });

  it('with no search uploaded it says so', async () => {
    server(staffPurchase('AWAITING_SEARCHES', 'Awaiting Searches'));
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Searches' }));
    expect(panel.getByText('No search has been uploaded on this case yet.')).toBeInTheDocument();
    expect(panel.getAllByText('Nothing recorded yet')).toHaveLength(3);
  });
});

describe('unexpected payments', () => {
  it('each payment the provider took that the case did not expect is listed for the firm to refund', async () => {
    server({
      ...staffPurchase('IDENTITY_VERIFICATION', 'Identity Verification'),
      unexpectedPayments: [
        {
          provider: 'STRIPE',
          reference: 'cs_test_second',
          amount: 30_000,
          currency: 'gbp',
          paymentId: 'pi_second',
          paidAt: '2026-03-20T10:00:00Z',
          recordedAt: '2026-03-20T10:00:05Z',
        },
      ],
    });
    await openCase();
    const panel = within(screen.getByRole('region', { name: 'Unexpected payments' }));
    expect(panel.getByText('Unexpected payment: £300.00 on 20/03/2026 — refund it')).toBeVisible();
    expect(panel.getByText('pi_second')).toBeVisible();
    expect(panel.getByText('cs_test_second')).toBeVisible();
    expect(panel.getByText('Stripe')).toBeVisible();
  });

  it('a case with none shows no such panel', async () => {
    server(staffPurchase('IDENTITY_VERIFICATION', 'Identity Verification'));
    await openCase();
    await screen.findByRole('region', { name: 'Documents we issue' });
    expect(screen.queryByRole('region', { name: 'Unexpected payments' })).toBeNull();
  });
});

describe("the buyers' mortgage offer (issue 28: the statement's advance comes from it)", () => {
  it('a purchase that names a lender offers to record the offer, for the purchase', async () => {
    server(staffPurchase('AWAITING_SEARCHES', 'Awaiting Searches', { lender: 'NATIONWIDE' }));
    await openCase();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    await userEvent.click(
      within(steps).getByRole('button', { name: 'Record mortgage offer received' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record the mortgage offer' });
    expect(within(dialog).getByLabelText(/^Lender/)).toHaveValue('Nationwide');
  });

  it('a cash purchase (no lender) is not offered it', async () => {
    server(staffPurchase('AWAITING_SEARCHES', 'Awaiting Searches', { lender: null }));
    await openCase();
    expect(screen.queryByRole('button', { name: 'Record mortgage offer received' })).toBeNull();
  });
});
