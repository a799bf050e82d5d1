import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyDocuments } from '../../lib/api/types';
import { applicationServer, remCase } from '../../test/application';
import { FakeXhr } from '../../test/fakeXhr';
import { json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { MAX_UPLOAD_BYTES } from './api/uploadDocument';
import { DOCUMENTS_TEXTS } from './documentsTexts';

const PATH = '/remortgaging/1001/application/documents';

const SLOTS = {
  documents: [
    { id: 31, documentType: 'MORTGAGE_STATEMENT', documentId: null },
    { id: 32, documentType: 'BANK_STATEMENT', documentId: 90 },
  ],
  alterationDocuments: [
    {
      alterationId: 7,
      requiredDocuments: [
        { id: 33, documentType: 'PLANNING_PERMISSION', documentId: null },
        { id: 34, documentType: 'BUILDING_REGULATIONS_COMPLETION_CERTIFICATE', documentId: null },
      ],
    },
  ],
  buyToLetDocuments: [{ id: 35, documentType: 'GAS_SAFETY_CERTIFICATE', documentId: null }],
};

/** GET /documents: the customer's case 1001 with the bank statement in slot 32. */
const MY_DOCUMENTS: MyDocuments = {
  cases: [
    {
      caseId: 1001,
      caseType: 'REMORTGAGING',
      propertyAddressLine1: '1 High Street',
      generatedDocuments: [],
      documents: [
        {
          caseId: 1001,
          caseType: 'REMORTGAGING',
          documentId: 90,
          documentType: 'BANK_STATEMENT',
          fileName: 'bank-2025.pdf',
          createdAt: '2026-03-14T10:30:00Z',
          contentType: 'application/pdf',
          isDraft: false,
          kind: 'UPLOADED',
          sizeBytes: 1234,
          url: '/api/document/90',
        },
      ],
    },
  ],
};

const CASE = remCase({
  requiredDocuments: SLOTS,
  alterations: [
    { id: 7, alterationType: 'EXTENSION', completedOn: '2020-06-15', documentsHeldBy: 'OWNER' },
  ],
});

describe('Documents', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('DOCS-07 REM-APP-28: the checklist by group, with readable labels and the evidence guidance', async () => {
    applicationServer(() => CASE);
    renderApp(PATH);
    const documents = await screen.findByRole('region', { name: DOCUMENTS_TEXTS.documents });
    expect(
      within(documents).getByRole('heading', { name: 'Mortgage statement' }),
    ).toBeInTheDocument();
    const bank = within(documents)
      .getByRole('heading', { name: 'Bank statement' })
      .closest('li') as HTMLElement;
    // DOCS-07: what to upload, in words a homeowner acts on (the rule's 12 months kept).
    expect(within(bank).getByTestId('document-guidance')).toHaveTextContent(
      /bank statements for at least the last 12 months/,
    );
    expect(within(bank).getByText(DOCUMENTS_TEXTS.uploaded)).toBeInTheDocument();
    const alteration = screen.getByRole('region', {
      name: `${DOCUMENTS_TEXTS.alterationDocuments}: Extension (15/06/2020)`,
    });
    expect(
      within(alteration).getByRole('heading', { name: 'Planning permission' }),
    ).toBeInTheDocument();
    const btl = screen.getByRole('region', { name: DOCUMENTS_TEXTS.buyToLetDocuments });
    expect(
      within(btl).getByRole('heading', { name: 'Gas safety certificate' }),
    ).toBeInTheDocument();
  });

  it('CONST-01: a file over 32 MB is refused before anything is sent', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(32 * 1024 * 1024);
    applicationServer(() => CASE);
    renderApp(PATH);
    const input = await screen.findByLabelText('Upload Mortgage statement file');
    const big = new File(['x'], 'statement.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await userEvent.upload(input, big);
    expect(await screen.findByText(DOCUMENTS_TEXTS.tooLarge)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('DOCS-04: uploads into its slot (fields in order, file last) with progress', async () => {
    applicationServer(() => CASE);
    renderApp(PATH);
    const input = await screen.findByLabelText('Upload Mortgage statement file');
    const file = new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/document');
    expect(xhr.withCredentials).toBe(true);
    const fields = [...(xhr.body as FormData).entries()];
    expect(fields.map(([name]) => name)).toEqual([
      'caseType',
      'caseId',
      'documentType',
      'requiredDocumentId',
      'file',
    ]);
    expect(fields.slice(0, 4).map(([, v]) => v)).toEqual([
      'REMORTGAGING',
      '1001',
      'MORTGAGE_STATEMENT',
      '31',
    ]);
    xhr.progress(40, 100);
    // The bar is already on screen at 0 %: wait for the progress event's re-render.
    expect(await screen.findByText('Uploading 40%')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Uploading Mortgage statement' }),
    ).toHaveAttribute('aria-valuenow', '40');
    xhr.respond(201, { documentId: 91, documentType: 'MORTGAGE_STATEMENT' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('a refused upload (413 or 415) says why', async () => {
    applicationServer(() => CASE);
    renderApp(PATH);
    const input = await screen.findByLabelText('Upload Planning permission file');
    await userEvent.upload(input, new File(['not really'], 'photo.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(415, { error: { code: 'unsupported_type', message: 'Not a PDF' } });
    expect(await screen.findByText(DOCUMENTS_TEXTS.wrongType)).toBeInTheDocument();
  });

  it('an uploaded slot names its file and when it was uploaded (GET /documents)', async () => {
    applicationServer(() => CASE, {
      'GET /api/documents': () => json(MY_DOCUMENTS),
    });
    renderApp(PATH);
    const bank = (await screen.findByRole('heading', { name: 'Bank statement' })).closest(
      'li',
    ) as HTMLElement;
    expect(await within(bank).findByText('bank-2025.pdf, uploaded 14/03/2026')).toBeInTheDocument();
    expect(within(bank).getByRole('button', { name: 'Download Bank statement' })).toBeEnabled();
    expect(within(bank).getByRole('button', { name: 'Replace Bank statement' })).toBeEnabled();
    expect(within(bank).getByRole('button', { name: 'Delete Bank statement' })).toBeEnabled();
    // An empty slot offers the upload, and no Replace.
    const mortgage = screen
      .getByRole('heading', { name: 'Mortgage statement' })
      .closest('li') as HTMLElement;
    expect(within(mortgage).getByText(DOCUMENTS_TEXTS.notUploaded)).toBeInTheDocument();
    expect(within(mortgage).queryByRole('button', { name: /^Replace/ })).toBeNull();
  });

  it('Replace uploads the new file into the same slot, then deletes the old one', async () => {
    let current = CASE;
    const { calls } = applicationServer(() => current, {
      'GET /api/documents': () => json(MY_DOCUMENTS),
      'DELETE /api/document/90': () => noContent(),
    });
    renderApp(PATH);
    const replace = await screen.findByRole('button', { name: 'Replace Bank statement' });
    const input = screen.getByLabelText('Upload Bank statement file') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await userEvent.click(replace);
    expect(click).toHaveBeenCalled();
    await userEvent.upload(
      input,
      new File(['%PDF-1.7'], 'bank-2026.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toMatchObject({
      documentType: 'BANK_STATEMENT',
      requiredDocumentId: '32',
      file: 'bank-2026.pdf',
    });
    // Nothing is deleted before the new file is stored.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    current = remCase({
      ...CASE,
      requiredDocuments: {
        ...SLOTS,
        documents: [SLOTS.documents[0], { ...SLOTS.documents[1], documentId: 95 }],
      },
    });
    FakeXhr.sent[0].respond(201, {
      ...MY_DOCUMENTS.cases[0].documents[0],
      documentId: 95,
      fileName: 'bank-2026.pdf',
      createdAt: '2026-04-02T09:00:00Z',
    });
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/document/90')).toBe(true),
    );
    const bank = screen
      .getByRole('heading', { name: 'Bank statement' })
      .closest('li') as HTMLElement;
    expect(await within(bank).findByText('bank-2026.pdf, uploaded 02/04/2026')).toBeInTheDocument();
  });

  it('DOCS-05: deletes an uploaded document', async () => {
    const { calls } = applicationServer(() => CASE, {
      'DELETE /api/document/90': () => noContent(),
    });
    renderApp(PATH);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Bank statement' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/document/90')).toBe(true),
    );
  });
});
