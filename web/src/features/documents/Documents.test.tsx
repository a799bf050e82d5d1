import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocumentBody, ExpandedCase, MyDocuments } from '../../lib/api/types';
import { expanded, overviews, REM_SECTIONS } from '../../test/cases';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { quote } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { NOT_FOUND_TEXT } from '../shell';
import { DOCUMENTS_TEXTS, QUOTE_PDF_TEXTS } from './texts';

const CUSTOMER = makeMe({ enabledFeatures: ['BUYING'] });
const BROKER = makeMe({ role: 'ROLE_BROKER' });

function doc(overrides: Partial<DocumentBody> = {}): DocumentBody {
  return {
    documentId: 31,
    caseId: 1001,
    caseType: 'REMORTGAGING',
    documentType: 'QUOTE',
    kind: 'GENERATED',
    fileName: 'quote-1001-77.pdf',
    contentType: 'application/pdf',
    sizeBytes: 2048,
    isDraft: false,
    createdAt: '2026-03-06T12:00:00Z',
    url: '/api/document/31',
    ...overrides,
  };
}

const MINE: MyDocuments = {
  cases: [
    {
      caseId: 1001,
      caseType: 'REMORTGAGING',
      propertyAddressLine1: '1 High Street',
      documents: [
        doc({
          documentId: 32,
          documentType: 'BANK_STATEMENT',
          kind: 'UPLOADED',
          fileName: 'statement.pdf',
          createdAt: '2026-03-07T09:00:00Z',
          url: '/api/document/32',
        }),
      ],
      generatedDocuments: [doc()],
    },
    {
      caseId: 2002,
      caseType: 'BUYING',
      propertyAddressLine1: null,
      documents: [],
      generatedDocuments: [],
    },
  ],
};

function server(routes: Record<string, Handler> = {}, me = CUSTOMER) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1, 1)),
    'GET /api/documents': () => json(MINE),
    ...routes,
  });
}

describe('/documents', () => {
  it("DOCS-01: lists the customer's cases with their documents, each linking to its page", async () => {
    server();
    renderApp('/documents');
    const first = await screen.findByRole('region', { name: 'Remortgage: 1 High Street' });
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    const generated = within(first).getByRole('list', { name: DOCUMENTS_TEXTS.generated });
    expect(generated).toHaveTextContent('Quote');
    expect(generated).toHaveTextContent('quote-1001-77.pdf · 06/03/2026');
    expect(
      within(generated).getByRole('link', { name: 'Download Quote (quote-1001-77.pdf)' }),
    ).toHaveAttribute('href', '/api/document/31');
    const uploaded = within(first).getByRole('list', { name: DOCUMENTS_TEXTS.uploaded });
    expect(uploaded).toHaveTextContent('Bank statement');
    expect(uploaded).toHaveTextContent('statement.pdf · 07/03/2026');
    expect(within(first).getByRole('link', { name: DOCUMENTS_TEXTS.viewCase })).toHaveAttribute(
      'href',
      '/documents/remortgaging/1001',
    );

    const second = screen.getByRole('region', { name: 'Purchase case 2002' });
    expect(within(second).getByText(DOCUMENTS_TEXTS.noGenerated)).toBeInTheDocument();
    expect(within(second).getByText(DOCUMENTS_TEXTS.noUploaded)).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: DOCUMENTS_TEXTS.viewCase })).toHaveAttribute(
      'href',
      '/documents/buying/2002',
    );
  });

  it('says so when the customer has no cases', async () => {
    server({ 'GET /api/documents': () => json({ cases: [] }) });
    renderApp('/documents');
    expect(await screen.findByRole('status')).toHaveTextContent(DOCUMENTS_TEXTS.noCases);
  });

  it('tells a broker who types the address where their clients\u2019 documents are', async () => {
    const { calls } = server({}, BROKER);
    renderApp('/documents');
    expect(await screen.findByRole('status')).toHaveTextContent(DOCUMENTS_TEXTS.forBrokers);
    expect(screen.getByRole('link', { name: DOCUMENTS_TEXTS.toCases })).toHaveAttribute(
      'href',
      '/remortgaging',
    );
    expect(calls.some((c) => c.path === '/api/documents')).toBe(false);
  });

  it('shows the load error when the list fails', async () => {
    server({ 'GET /api/documents': () => apiError(500) });
    renderApp('/documents');
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENTS_TEXTS.loadError);
  });
});

describe('/documents/{caseType}/{caseId}', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a lapsed session is refreshed before the download starts', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(`${this.getAttribute('href')} ${this.download}`);
    });
    let checks = 0;
    const { calls } = server({
      'HEAD /api/document/32': () => (++checks === 1 ? apiError(401) : noContent()),
      'POST /api/auth/refresh': () => noContent(),
    });
    renderApp('/documents/remortgaging/1001');
    const uploaded = await screen.findByRole('list', { name: DOCUMENTS_TEXTS.uploaded });
    await userEvent.click(within(uploaded).getByRole('link', { name: /Download/ }));
    await waitFor(() => expect(clicks).toEqual(['/api/document/32 statement.pdf']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['HEAD /api/document/32', 'POST /api/auth/refresh']),
    );
    expect(checks).toBe(2);
  });

  it('says so when the document cannot be had, and downloads nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server({ 'HEAD /api/document/32': () => apiError(404) });
    renderApp('/documents/remortgaging/1001');
    const uploaded = await screen.findByRole('list', { name: DOCUMENTS_TEXTS.uploaded });
    await userEvent.click(within(uploaded).getByRole('link', { name: /Download/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOCUMENTS_TEXTS.downloadFailed);
    expect(click).not.toHaveBeenCalled();
  });

  it("DOCS-02: a customer sees that case's uploaded and generated documents", async () => {
    server();
    renderApp('/documents/remortgaging/1001');
    const generated = await screen.findByRole('list', { name: DOCUMENTS_TEXTS.generated });
    expect(screen.getByTestId('case-documents-title')).toHaveTextContent(
      'Remortgage: 1 High Street',
    );
    expect(within(generated).getByRole('link', { name: /Download Quote/ })).toHaveAttribute(
      'href',
      '/api/document/31',
    );
    expect(screen.getByRole('list', { name: DOCUMENTS_TEXTS.uploaded })).toHaveTextContent(
      'statement.pdf',
    );
    expect(screen.getByRole('link', { name: DOCUMENTS_TEXTS.allDocuments })).toHaveAttribute(
      'href',
      '/documents',
    );
  });

  it('DOCS-02: a buying case with no documents says so', async () => {
    server();
    renderApp('/documents/buying/2002');
    expect(await screen.findByText(DOCUMENTS_TEXTS.noGenerated)).toBeInTheDocument();
    expect(screen.getByText(DOCUMENTS_TEXTS.noUploaded)).toBeInTheDocument();
  });

  it('a case that is not among the customer’s says so', async () => {
    server();
    renderApp('/documents/remortgaging/9999');
    expect(await screen.findByRole('status')).toHaveTextContent(DOCUMENTS_TEXTS.caseMissing);
  });

  it.each(['/documents/mortgage/1', '/documents/REMORTGAGE/1', '/documents/foo/1001'])(
    'DOCS-03: any other caseType (%s) is the 404 page and loads nothing',
    async (path) => {
      const { calls } = server();
      renderApp(path);
      expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
      expect(calls.some((c) => c.path === '/api/documents')).toBe(false);
    },
  );

  it('a broker sees the case’s documents from the expanded case', async () => {
    const theCase = {
      ...expanded('REMORTGAGING', REM_SECTIONS),
      documents: {
        documents: [],
        generatedDocuments: [{ documentId: 31, documentType: 'QUOTE', isDraft: false }],
      },
    } as ExpandedCase;
    server({ 'GET /api/remortgaging/cases/1001/expanded': () => json(theCase) }, BROKER);
    renderApp('/documents/remortgaging/1001');
    const generated = await screen.findByRole('list', { name: DOCUMENTS_TEXTS.generated });
    expect(within(generated).getByRole('link', { name: 'Download Quote' })).toHaveAttribute(
      'href',
      '/api/document/31',
    );
  });
});

describe("the broker's 'Download quote PDF'", () => {
  afterEach(() => vi.restoreAllMocks());

  const withQuote = () =>
    ({ ...expanded('REMORTGAGING', REM_SECTIONS), quote: quote() }) as ExpandedCase;

  it('makes the PDF and downloads it', async () => {
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const { calls } = server(
      {
        'GET /api/remortgaging/cases/1001/expanded': () => json(withQuote()),
        'POST /api/quote/create-pdf': () => json(doc(), 201),
      },
      BROKER,
    );
    renderApp('/remortgaging/1001');
    const button = await screen.findByRole('button', { name: QUOTE_PDF_TEXTS.button });
    await userEvent.click(button);
    await waitFor(() => expect(clicks).toEqual(['/api/document/31 quote-1001-77.pdf']));
    const create = calls.find((c) => c.path === '/api/quote/create-pdf');
    expect(JSON.parse(create?.body ?? '{}')).toEqual({ caseType: 'REMORTGAGING', caseId: 1001 });
  });

  it('says so when the PDF cannot be made', async () => {
    server(
      {
        'GET /api/remortgaging/cases/1001/expanded': () => json(withQuote()),
        'POST /api/quote/create-pdf': () => apiError(500),
      },
      BROKER,
    );
    renderApp('/remortgaging/1001');
    await userEvent.click(await screen.findByRole('button', { name: QUOTE_PDF_TEXTS.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUOTE_PDF_TEXTS.failed);
  });

  it('is not offered to a customer', async () => {
    server({ 'GET /api/remortgaging/cases/1001/expanded': () => json(withQuote()) }, makeMe());
    renderApp('/remortgaging/1001');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: QUOTE_PDF_TEXTS.button })).toBeNull();
  });

  it('is not offered to a broker when the case has no quote', async () => {
    server(
      {
        'GET /api/remortgaging/cases/1001/expanded': () =>
          json(expanded('REMORTGAGING', REM_SECTIONS)),
      },
      BROKER,
    );
    renderApp('/remortgaging/1001');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: QUOTE_PDF_TEXTS.button })).toBeNull();
  });
});
