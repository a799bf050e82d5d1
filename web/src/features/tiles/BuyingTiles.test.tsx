import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BuyingExpanded, Owner } from '../../lib/api/types';
import { bodyOf, buyingServer } from '../../test/application';
import { page } from '../../test/cases';
import { FakeXhr } from '../../test/fakeXhr';
import { json, noContent } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { BUY_TILES, documentBody, myDocuments, party, submittedPurchase } from '../../test/tiles';
import { clearFeedbackRequest, FEEDBACK_TEXTS } from '../feedback';
import { NOT_FOUND_TEXT } from '../shell';
import { ACCEPT_TEXTS, DOCUMENTS_TILE_TEXTS, IDENTITY_TEXTS, ISSUED_DOCUMENTS } from './texts';

const LETTER = { documentId: 61, documentType: 'CLIENT_CARE_LETTER', isDraft: false };
const STATEMENT = { documentId: 81, documentType: 'COMPLETION_STATEMENT', isDraft: false };
const MOVED = { caseId: 1001, caseType: 'BUYING' };

function buyers(annAccepted: Owner['documentAcceptances'] = [], bobAccepted = annAccepted) {
  return [
    party(11, 'user-1', 'Ann', { documentAcceptances: annAccepted }),
    party(12, 'user-2', 'Bob', { documentAcceptances: bobAccepted }),
  ];
}

/** A purchase whose client care letter waits for the buyers to accept it. */
function letterCase(theBuyers = buyers()): BuyingExpanded {
  return submittedPurchase(
    {
      status: 'CLIENT_CARE_LETTER_ACCEPTANCE',
      buyers: theBuyers,
      documents: { documents: [], generatedDocuments: [LETTER] },
    },
    { 'client-care-letter': 'NOT_STARTED' },
  );
}

/** A purchase whose completion statement waits for the buyers to accept it. */
function statementCase(theBuyers = buyers()): BuyingExpanded {
  return submittedPurchase(
    {
      status: 'COMPLETION_STATEMENT_ACCEPTANCE',
      buyers: theBuyers,
      documents: { documents: [], generatedDocuments: [LETTER, STATEMENT] },
    },
    {
      'client-care-letter': 'IS_COMPLETE',
      deposit: 'IS_COMPLETE',
      identification: 'IS_COMPLETE',
      searches: 'IS_COMPLETE',
      'contract-pack': 'IS_COMPLETE',
      'completion-statement': 'NOT_STARTED',
    },
  );
}

const listServer = { 'GET /api/buying/cases': () => json(page([])) };
const acceptButton = () => screen.queryByRole('button', { name: ACCEPT_TEXTS.accept });

describe('a purchase after submission: the case page', () => {
  it.each(['PREPARE_CLIENT_CARE_LETTER', 'AWAITING_SEARCHES'] as const)(
    'BUY-POST-01 BUY-POST-03: %s shows the eight tiles in order, with no sections',
    async (status) => {
      buyingServer(() => submittedPurchase({ status }));
      renderApp('/buying/1001');
      const tiles = within(await screen.findByRole('list', { name: 'Case progress' }));
      expect(tiles.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
        BUY_TILES.map(([, label]) => expect.stringContaining(label)),
      );
      expect(tiles.getAllByRole('listitem').map((li) => li.getAttribute('data-key'))).toEqual(
        BUY_TILES.map(([key]) => key),
      );
      expect(screen.queryByRole('list', { name: 'Application sections' })).toBeNull();
    },
  );
});

describe('Client Care Letter (/client-care-letter)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('BUY-POST-09: says what it is, View and Download; Accept posts and shows the date; the other buyers by name', async () => {
    let current = letterCase();
    const { calls } = buyingServer(() => current, {
      'POST /api/document/61/accept': () => {
        current = letterCase(buyers([{ documentId: 61, acceptedAt: '2026-03-20T09:00:00Z' }], []));
        return json({ ...MOVED, status: 'AWAITING_DEPOSIT' });
      },
    });
    renderApp('/buying/1001/client-care-letter');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Client Care Letter' }),
    ).toBeVisible();
    expect(screen.getByText(ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.what)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Client care letter' })).toHaveAttribute(
      'href',
      '/buying/1001/client-care-letter/view',
    );
    expect(screen.getByRole('link', { name: 'Download Client care letter' })).toHaveAttribute(
      'href',
      '/api/document/61',
    );
    const others = within(screen.getByRole('list', { name: 'The other buyers' }));
    expect(others.getByText('Bob')).toBeVisible();
    expect(others.getByText(ACCEPT_TEXTS.otherNotYet)).toBeVisible();

    await userEvent.click(acceptButton()!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/61/accept')).toEqual({}));
    expect(
      await screen.findByText(ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.acceptedToast),
    ).toBeVisible();
    expect(await screen.findByText(ACCEPT_TEXTS.youAccepted('20/03/2026'))).toBeVisible();
    expect(acceptButton()).toBeNull();
  });

  it('BUY-POST-09: /client-care-letter/view shows the letter in the page with Accept under it', async () => {
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/letter-61');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    buyingServer(() => letterCase(), {
      'GET /api/document/61': () =>
        new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    renderApp('/buying/1001/client-care-letter/view');
    const frame = await screen.findByTitle(ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.title);
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/letter-61');
    expect(screen.getByRole('button', { name: ACCEPT_TEXTS.accept })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to the client care letter' })).toHaveAttribute(
      'href',
      '/buying/1001/client-care-letter',
    );
  });

  it('BUY-POST-06 BUY-POST-13 BUY-POST-15: a locked tile and its /view lead to the list; a tile without a document has no /view', async () => {
    buyingServer(() => submittedPurchase(), listServer);
    const { router } = renderApp('/buying/1001/client-care-letter');
    await waitFor(() => expect(router.state.location.pathname).toBe('/buying'));
    for (const path of [
      '/buying/1001/client-care-letter/view',
      '/buying/1001/identification',
      '/buying/1001/searches',
      '/buying/1001/deposit',
    ]) {
      await router.navigate({ href: path });
      await waitFor(() => expect(router.state.location.pathname).toBe('/buying'));
    }
    await router.navigate({ href: '/buying/1001/deposit/view' });
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeVisible();
  });
});

describe('Completion Statement of a purchase (/completion-statement)', () => {
  afterEach(() => clearFeedbackRequest());

  it('BUY-POST-21 FEEDBACK-03: accepting posts and asks for ACCEPT_COMPLETION_STATEMENT feedback on the purchase', async () => {
    let current = statementCase();
    const { calls } = buyingServer(() => current, {
      'POST /api/document/81/accept': () => {
        current = statementCase(buyers([{ documentId: 81, acceptedAt: '2026-04-02T09:00:00Z' }]));
        return json({ ...MOVED, status: 'PENDING_COMPLETION' });
      },
      'POST /api/feedback': () => noContent(),
    });
    renderApp('/buying/1001/completion-statement');
    expect(await screen.findByText(ISSUED_DOCUMENTS.COMPLETION_STATEMENT.what)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Completion statement' })).toHaveAttribute(
      'href',
      '/buying/1001/completion-statement/view',
    );
    await userEvent.click(acceptButton()!);
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/81/accept')).toEqual({}));
    const dialog = await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title });
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars, good' }));
    await userEvent.click(within(dialog).getByRole('button', { name: FEEDBACK_TEXTS.submit }));
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/feedback')).toMatchObject({
        caseType: 'BUYING',
        caseId: 1001,
        feedbackPoint: 'ACCEPT_COMPLETION_STATEMENT',
      }),
    );
    expect(await screen.findByText(ACCEPT_TEXTS.youAccepted('02/04/2026'))).toBeVisible();
  });
});

describe('Application & Quote, Verify Identity and Upload Documents of a purchase', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('BUY-POST-04: /application-review shows the submitted purchase read-only and the accepted quote', async () => {
    buyingServer(() =>
      submittedPurchase({
        quote: { ...quote({ caseType: 'BUYING' }), acceptedAt: '2026-03-06T12:00:00Z' },
      }),
    );
    renderApp('/buying/1001/application-review');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application & Quote' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Key Facts' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Buyer Details' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(screen.getByTestId('quote-accepted')).toHaveTextContent('06/03/2026');
    expect(screen.getByRole('link', { name: 'Back to your case' })).toHaveAttribute(
      'href',
      '/buying/1001',
    );
  });

  it('BUY-POST-13 BUY-POST-14: a buyer uploads their photo ID as a purchase document; the other buyers are listed', async () => {
    buyingServer(
      () =>
        submittedPurchase(
          {
            status: 'IDENTITY_VERIFICATION',
            buyers: [
              party(11, 'user-1', 'Ann'),
              party(12, 'user-2', 'Bob', { identityVerifiedAt: '2026-03-13T09:00:00Z' }),
            ],
          },
          { identification: 'NOT_STARTED' },
        ),
      { 'GET /api/documents': () => json(myDocuments([], 'BUYING')) },
    );
    renderApp('/buying/1001/identification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
    const others = within(screen.getByRole('list', { name: 'The other buyers' }));
    expect(others.getByText('Bob')).toBeVisible();
    expect(others.getByText(IDENTITY_TEXTS.otherVerified)).toBeVisible();
    await userEvent.upload(
      screen.getByLabelText(`Upload ${IDENTITY_TEXTS.photoId} file`),
      new File(['jpeg'], 'passport.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toEqual({
      caseType: 'BUYING',
      caseId: '1001',
      documentType: 'PHOTO_ID',
      file: 'passport.jpg',
    });
  });

  it("a broker sees every buyer's progress and no upload", async () => {
    buyingServer(
      () => submittedPurchase({ buyers: buyers() }, { identification: 'NOT_STARTED' }),
      {},
      makeMe({ id: 'broker-1', role: 'ROLE_BROKER', enabledFeatures: ['BUYING'] }),
    );
    renderApp('/buying/1001/identification');
    expect(
      await screen.findByText(IDENTITY_TEXTS.notAParty({ one: 'buyer', many: 'buyers' })),
    ).toBeVisible();
    const all = within(screen.getByRole('list', { name: 'The buyers' }));
    expect(all.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByLabelText(`Upload ${IDENTITY_TEXTS.photoId} file`)).toBeNull();
  });

  it('BUY-POST-22: /documents lists what is still needed by group, uploads into its slot, then what is uploaded', async () => {
    buyingServer(
      () =>
        submittedPurchase({
          requiredDocuments: {
            documents: [],
            sourceOfFundsDocuments: [
              { id: 41, documentType: 'SAVINGS_STATEMENT', documentId: null },
            ],
            isaDocuments: [],
            buyToLetDocuments: [],
            statements: [{ id: 42, documentType: 'BANK_STATEMENT', documentId: 90 }],
          },
          documents: {
            documents: [
              { documentId: 90, documentType: 'BANK_STATEMENT', url: '/api/document/90' },
            ],
            generatedDocuments: [],
          },
        }),
      {
        'GET /api/documents': () =>
          json(myDocuments([documentBody(90, 'BANK_STATEMENT', 'bank.pdf', 'BUYING')], 'BUYING')),
      },
    );
    renderApp('/buying/1001/documents');
    expect(await screen.findByText(DOCUMENTS_TILE_TEXTS.intro('buying'))).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Savings statement' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Bank statement' })).toBeNull();
    await userEvent.upload(
      screen.getByLabelText('Upload Savings statement file'),
      new File(['%PDF-1.7'], 'savings.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toMatchObject({
      caseType: 'BUYING',
      documentType: 'SAVINGS_STATEMENT',
      requiredDocumentId: '41',
    });
    const uploaded = within(
      screen.getByRole('list', { name: DOCUMENTS_TILE_TEXTS.uploadedHeading }),
    );
    expect(await uploaded.findByText(/bank\.pdf/)).toBeVisible();
  });
});
