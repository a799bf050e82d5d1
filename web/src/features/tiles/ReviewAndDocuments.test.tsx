import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationServer } from '../../test/application';
import { DOCUMENT_GUIDANCE } from '../application';
import { FakeXhr } from '../../test/fakeXhr';
import { json } from '../../test/fetchMock';
import { quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { documentBody, myDocuments, party, submittedCase } from '../../test/tiles';
import { APPLICATION_REVIEW_TEXTS, DOCUMENTS_TILE_TEXTS, TILE_TEXTS } from './texts';

describe('Application & Quote (/application-review)', () => {
  it('REM-POST-05: the submitted answers read-only, without Edit links, and the accepted quote', async () => {
    applicationServer(() =>
      submittedCase({
        hasAlterations: false,
        hasAdultOccupants: false,
        hasLoans: true,
        loans: [{ id: 5, chargeType: 'MORTGAGE', lenderName: 'Halifax', amount: null }],
        property: { ...submittedCase().property, landOwnership: 'SOLE_OWNER' },
        propertyOwners: [party(11, 'user-1', 'Ann')],
        quote: { ...quote(), acceptedAt: '2026-03-06T12:00:00Z' },
      }),
    );
    renderApp('/remortgaging/1001/application-review');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application & Quote' }),
    ).toBeVisible();
    expect(screen.getByText(APPLICATION_REVIEW_TEXTS.intro)).toBeVisible();
    const property = screen.getByRole('region', { name: 'Property Details' });
    expect(within(property).getByText('Terraced house')).toBeVisible();
    const owners = screen.getByRole('region', { name: 'Owners' });
    expect(within(owners).getByText('Ann Smith, ann@example.com')).toBeVisible();
    const loans = screen.getByRole('region', { name: 'Financial Details' });
    expect(within(loans).getByText('Mortgage, Lender: Halifax')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Key Facts' })).toBeVisible();
    // Not a transfer of equity: not part of this application.
    expect(screen.queryByRole('region', { name: 'Transfer of Equity' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
    const quoteRegion = screen.getByRole('region', { name: 'Your Conveyancing Quote' });
    expect(within(quoteRegion).getByTestId('quote-details')).toBeVisible();
    expect(within(quoteRegion).getByTestId('quote-accepted')).toHaveTextContent('06/03/2026');
    expect(screen.getByRole('link', { name: TILE_TEXTS.backToCase })).toHaveAttribute(
      'href',
      '/remortgaging/1001',
    );
  });

  it('REM-POST-04: an empty quote is not shown (the tile is "Application")', async () => {
    applicationServer(() =>
      submittedCase(
        { quote: { ...quote(), costBreakdown: [], totalAmount: 0 } },
        {},
        {
          tiles: submittedCase().view.tiles.map((t) =>
            t.key === 'application-review' ? { ...t, label: 'Application' } : t,
          ),
        },
      ),
    );
    renderApp('/remortgaging/1001/application-review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Key Facts' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your Conveyancing Quote' })).toBeNull();
  });
});

describe('Upload Documents (/documents tile)', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('REM-POST-06: the outstanding documents with their guidance and upload slots, then the uploaded list', async () => {
    applicationServer(
      () =>
        submittedCase({
          requiredDocuments: {
            documents: [
              { id: 31, documentType: 'MORTGAGE_STATEMENT', documentId: null },
              { id: 32, documentType: 'BANK_STATEMENT', documentId: 90 },
            ],
            alterationDocuments: [],
            buyToLetDocuments: [],
          },
          documents: {
            documents: [
              { documentId: 90, documentType: 'BANK_STATEMENT', url: '/api/document/90' },
              { documentId: 70, documentType: 'PHOTO_ID', url: '/api/document/70' },
            ],
            generatedDocuments: [],
          },
        }),
      {
        'GET /api/documents': () =>
          json(
            myDocuments([
              documentBody(90, 'BANK_STATEMENT', 'bank-march.pdf'),
              documentBody(70, 'PHOTO_ID', 'passport.jpg'),
            ]),
          ),
      },
    );
    renderApp('/remortgaging/1001/documents');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upload Documents' }),
    ).toBeVisible();
    expect(screen.getByText(DOCUMENTS_TILE_TEXTS.intro('remortgaging'))).toBeVisible();
    // Outstanding: the mortgage statement only, with its upload slot.
    const needed = screen.getByRole('region', { name: 'Documents' });
    expect(within(needed).getByRole('heading', { name: 'Mortgage statement' })).toBeVisible();
    expect(within(needed).queryByRole('heading', { name: 'Bank statement' })).toBeNull();
    expect(within(needed).getByTestId('document-guidance')).toHaveTextContent(
      DOCUMENT_GUIDANCE.MORTGAGE_STATEMENT,
    );
    const input = within(needed).getByLabelText('Upload Mortgage statement file');
    await userEvent.upload(
      input,
      new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toMatchObject({
      documentType: 'MORTGAGE_STATEMENT',
      requiredDocumentId: '31',
    });
    // Uploaded: the bank statement with its file name; identity evidence is not listed here.
    const uploaded = within(
      screen.getByRole('list', { name: DOCUMENTS_TILE_TEXTS.uploadedHeading }),
    );
    expect(await uploaded.findByText(/bank-march\.pdf/)).toBeVisible();
    expect(uploaded.getByText('Bank statement')).toBeVisible();
    expect(uploaded.queryByText(/passport/)).toBeNull();
    expect(uploaded.getAllByRole('listitem')).toHaveLength(1);
  });

  it('REM-POST-06: with nothing outstanding it says so', async () => {
    applicationServer(
      () =>
        submittedCase(
          {
            requiredDocuments: {
              documents: [{ id: 31, documentType: 'MORTGAGE_STATEMENT', documentId: 91 }],
              alterationDocuments: [],
              buyToLetDocuments: [],
            },
            documents: {
              documents: [
                { documentId: 91, documentType: 'MORTGAGE_STATEMENT', url: '/api/document/91' },
              ],
              generatedDocuments: [],
            },
          },
          { documents: 'IS_COMPLETE' },
        ),
      { 'GET /api/documents': () => json(myDocuments([])) },
    );
    renderApp('/remortgaging/1001/documents');
    expect(await screen.findByTestId('nothing-outstanding')).toHaveTextContent(
      DOCUMENTS_TILE_TEXTS.nothingOutstanding,
    );
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(
      within(screen.getByRole('list', { name: DOCUMENTS_TILE_TEXTS.uploadedHeading })).getByText(
        'Mortgage statement',
      ),
    ).toBeVisible();
  });
});
