import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer, bodyOf } from '../../test/application';
import { FakeXhr } from '../../test/fakeXhr';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { documentBody, myDocuments, party, submittedCase } from '../../test/tiles';
import { ACCEPT_TEXTS, IDENTITY_TEXTS, ISSUED_DOCUMENTS } from './texts';

const PATH = '/remortgaging/1001/identification';
const MOVED = { caseId: 1001, caseType: 'REMORTGAGING', status: 'IDENTITY_VERIFICATION' };

const submitButton = () => screen.getByRole('button', { name: IDENTITY_TEXTS.submit });

/** Uploads `file` into the slot labelled `label` and answers as the server does. */
async function upload(label: string, file: File, stored: ReturnType<typeof documentBody>) {
  const before = FakeXhr.sent.length;
  await userEvent.upload(await screen.findByLabelText(`Upload ${label} file`), file);
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(before + 1));
  const xhr = FakeXhr.sent[before];
  return {
    xhr,
    finish: () => xhr.respond(201, stored),
  };
}

describe('Verify Identity (/identification)', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('REM-POST-16: uploads a photo ID and a selfie with progress, then submits them for checking', async () => {
    let current: RemortgagingExpanded = submittedCase();
    const uploads: ReturnType<typeof documentBody>[] = [];
    const { calls } = applicationServer(() => current, {
      'GET /api/documents': () => json(myDocuments(uploads)),
      'POST /api/identity': () => {
        current = submittedCase({
          propertyOwners: [
            party(11, 'user-1', 'Ann', { identitySubmittedAt: '2026-03-12T10:00:00Z' }),
          ],
          documents: current.documents,
        });
        return json(MOVED);
      },
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
    expect(
      screen.getByText(/Upload a photo of your passport or driving licence, and a selfie/),
    ).toBeVisible();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText(IDENTITY_TEXTS.bothNeeded)).toBeVisible();

    // The photo ID: the multipart fields name the case and the type; progress shows meanwhile.
    const passport = new File(['jpeg'], 'passport.jpg', { type: 'image/jpeg' });
    const photo = await upload(
      IDENTITY_TEXTS.photoId,
      passport,
      documentBody(70, 'PHOTO_ID', 'passport.jpg'),
    );
    expect(photo.xhr.url).toBe('/api/document');
    expect(photo.xhr.fields()).toEqual({
      caseType: 'REMORTGAGING',
      caseId: '1001',
      documentType: 'PHOTO_ID',
      file: 'passport.jpg',
    });
    photo.xhr.progress(30, 100);
    const bar = await screen.findByRole('progressbar', {
      name: `Uploading ${IDENTITY_TEXTS.photoId}`,
    });
    // The bar may render before the progress event's re-render lands (under a loaded machine).
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'));
    uploads.push(documentBody(70, 'PHOTO_ID', 'passport.jpg'));
    current = submittedCase({
      documents: {
        documents: [{ documentId: 70, documentType: 'PHOTO_ID', url: '/api/document/70' }],
        generatedDocuments: [],
      },
    });
    photo.finish();
    const photoSlot = (await screen.findByText('Uploaded: passport.jpg')).closest(
      'li',
    ) as HTMLElement;
    expect(photoSlot).toHaveAttribute('data-document-type', 'PHOTO_ID');
    expect(submitButton()).toBeDisabled();

    // The selfie.
    const face = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    const selfie = await upload(IDENTITY_TEXTS.selfie, face, documentBody(71, 'SELFIE', 'me.jpg'));
    expect(selfie.xhr.fields().documentType).toBe('SELFIE');
    uploads.push(documentBody(71, 'SELFIE', 'me.jpg'));
    current = submittedCase({
      documents: {
        documents: [
          { documentId: 70, documentType: 'PHOTO_ID', url: '/api/document/70' },
          { documentId: 71, documentType: 'SELFIE', url: '/api/document/71' },
        ],
        generatedDocuments: [],
      },
    });
    selfie.finish();
    expect(await screen.findByText('Uploaded: me.jpg')).toBeVisible();

    await waitFor(() => expect(submitButton()).toBeEnabled());
    await userEvent.click(submitButton());
    await waitFor(() =>
      expect(bodyOf(calls, 'POST', '/api/identity')).toEqual({
        caseId: 1001,
        caseType: 'REMORTGAGING',
      }),
    );
    expect(await screen.findByText(IDENTITY_TEXTS.waitingTitle)).toBeVisible();
    expect(screen.getByText(IDENTITY_TEXTS.waiting('12/03/2026'))).toBeVisible();
    expect(screen.queryByRole('button', { name: IDENTITY_TEXTS.submit })).toBeNull();
    expect(await screen.findByText(IDENTITY_TEXTS.submittedToast)).toBeVisible();
  });

  it("a 409 'documents_missing' says what the server says", async () => {
    const withBoth = submittedCase({
      documents: {
        documents: [
          { documentId: 70, documentType: 'PHOTO_ID', url: '/api/document/70' },
          { documentId: 71, documentType: 'SELFIE', url: '/api/document/71' },
        ],
        generatedDocuments: [],
      },
    });
    applicationServer(() => withBoth, {
      'GET /api/documents': () => json(myDocuments([])),
      'POST /api/identity': () =>
        json(
          {
            error: {
              code: 'documents_missing',
              message: 'Upload a photo of your passport or driving licence and a selfie first.',
            },
          },
          409,
        ),
    });
    renderApp(PATH);
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload a photo of your passport or driving licence and a selfie first.',
    );
  });

  it('REM-POST-16: sent back, the reason is shown as a warning; they upload again and resubmit', async () => {
    const reason =
      'The photo of your driving licence is blurred. Please take it again in good light, with all four corners in view.';
    let current = submittedCase({
      propertyOwners: [party(11, 'user-1', 'Ann', { identityRejectionReason: reason })],
      documents: {
        documents: [
          { documentId: 70, documentType: 'PHOTO_ID', url: '/api/document/70' },
          { documentId: 71, documentType: 'SELFIE', url: '/api/document/71' },
        ],
        generatedDocuments: [],
      },
    });
    const { calls } = applicationServer(() => current, {
      'GET /api/documents': () =>
        json(
          myDocuments([
            documentBody(70, 'PHOTO_ID', 'licence.jpg'),
            documentBody(71, 'SELFIE', 'me.jpg'),
          ]),
        ),
      'POST /api/identity': () => {
        current = submittedCase({
          propertyOwners: [
            party(11, 'user-1', 'Ann', { identitySubmittedAt: '2026-03-14T10:00:00Z' }),
          ],
        });
        return json(MOVED);
      },
    });
    renderApp(PATH);
    const rejection = await screen.findByTestId('identity-rejection');
    expect(rejection).toHaveClass('MuiAlert-colorWarning');
    expect(within(rejection).getByText(IDENTITY_TEXTS.rejectedTitle)).toBeVisible();
    expect(within(rejection).getByText(reason)).toBeVisible();
    expect(await screen.findByText('Uploaded: licence.jpg')).toBeVisible();

    // A new photo of the licence, then submit again.
    const again = screen.getByRole('button', {
      name: `${IDENTITY_TEXTS.uploadAgain} ${IDENTITY_TEXTS.photoId}`,
    });
    expect(again).toBeEnabled();
    const photo = await upload(
      IDENTITY_TEXTS.photoId,
      new File(['jpeg'], 'licence-2.jpg', { type: 'image/jpeg' }),
      documentBody(72, 'PHOTO_ID', 'licence-2.jpg'),
    );
    expect(photo.xhr.fields().documentType).toBe('PHOTO_ID');
    photo.finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await userEvent.click(submitButton());
    await waitFor(() => expect(calls.some((c) => c.path === '/api/identity')).toBe(true));
    expect(await screen.findByText(IDENTITY_TEXTS.waitingTitle)).toBeVisible();
    expect(screen.queryByTestId('identity-rejection')).toBeNull();
  });

  it("REM-POST-07: verified shows 'Verified on {date}'; the other owners' progress by name only", async () => {
    applicationServer(() =>
      submittedCase({
        propertyOwners: [
          party(11, 'user-1', 'Ann', {
            identitySubmittedAt: '2026-03-12T10:00:00Z',
            identityVerifiedAt: '2026-03-13T15:30:00Z',
          }),
          party(12, 'user-2', 'Bob', { identitySubmittedAt: '2026-03-12T11:00:00Z' }),
          party(13, 'user-3', 'Cy'),
          party(14, 'user-4', 'Di', { identityVerifiedAt: '2026-03-13T16:00:00Z' }),
        ],
      }),
    );
    renderApp(PATH);
    expect(await screen.findByText('Verified on 13/03/2026')).toBeVisible();
    expect(screen.queryByRole('button', { name: IDENTITY_TEXTS.submit })).toBeNull();
    const others = within(screen.getByRole('list', { name: 'The other owners' }));
    expect(others.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Bob${IDENTITY_TEXTS.otherChecking}`,
      `Cy${IDENTITY_TEXTS.otherWaiting}`,
      `Di${IDENTITY_TEXTS.otherVerified}`,
    ]);
  });
});

describe("A remortgage's client care letter on /identification (issue 29)", () => {
  const LETTER = { documentId: 61, documentType: 'CLIENT_CARE_LETTER', isDraft: false };
  const withLetter = (accepted: boolean) =>
    submittedCase({
      propertyOwners: [
        party(11, 'user-1', 'Ann', {
          identitySubmittedAt: '2026-03-12T10:00:00Z',
          documentAcceptances: accepted
            ? [{ documentId: 61, acceptedAt: '2026-03-14T09:00:00Z' }]
            : [],
        }),
      ],
      documents: { documents: [], generatedDocuments: [LETTER] },
    });

  it('is not shown before the firm issues it', async () => {
    applicationServer(() => submittedCase());
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Identity' })).toBeVisible();
    expect(
      screen.queryByRole('heading', { name: ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.title }),
    ).toBeNull();
  });

  it('issued, the owner reads what it is, downloads it and accepts it here', async () => {
    let current = withLetter(false);
    const { calls } = applicationServer(() => current, {
      'POST /api/document/61/accept': () => {
        current = withLetter(true);
        return json(MOVED);
      },
    });
    renderApp(PATH);
    const letter = within(
      await screen.findByRole('region', { name: ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.title }),
    );
    expect(letter.getByText(ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.what)).toBeVisible();
    expect(letter.getByRole('link', { name: 'Download Client care letter' })).toHaveAttribute(
      'href',
      '/api/document/61',
    );
    await userEvent.click(letter.getByRole('button', { name: ACCEPT_TEXTS.accept }));
    await waitFor(() => expect(bodyOf(calls, 'POST', '/api/document/61/accept')).toEqual({}));
    expect(
      await screen.findByText(ISSUED_DOCUMENTS.CLIENT_CARE_LETTER.acceptedToast),
    ).toBeVisible();
    expect(await letter.findByText(ACCEPT_TEXTS.youAccepted('14/03/2026'))).toBeVisible();
    expect(letter.queryByRole('button', { name: ACCEPT_TEXTS.accept })).toBeNull();
  });
});

describe('Verify Identity through the identity provider (identityProvider ONFIDO)', () => {
  const ONFIDO = { identityProvider: 'ONFIDO' } as const;
  const startButton = () => screen.findByRole('button', { name: IDENTITY_TEXTS.electronicStart });
  afterEach(() => vi.unstubAllGlobals());

  it("starts the provider's check and sends the browser to its page; no uploads are asked for", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = applicationServer(() => submittedCase(), {
      'GET /api/documents': () => json(myDocuments([])),
      'POST /api/identity/check': () => json({ redirectUrl: 'https://onfido.test/l/run-0' }),
    });
    renderApp(PATH, ONFIDO);
    expect(await screen.findByText(IDENTITY_TEXTS.electronicIntro)).toBeVisible();
    expect(screen.queryByText(IDENTITY_TEXTS.photoId)).toBeNull();
    expect(screen.queryByRole('button', { name: IDENTITY_TEXTS.submit })).toBeNull();
    await userEvent.click(await startButton());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://onfido.test/l/run-0'));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(bodyOf(calls, 'POST', '/api/identity/check')).toEqual({
      caseId: 1001,
      caseType: 'REMORTGAGING',
    });
    expect(screen.getByRole('button', { name: IDENTITY_TEXTS.electronicStarting })).toBeDisabled();
  });

  it('a refusal is shown, in the server words for a 409', async () => {
    applicationServer(() => submittedCase(), {
      'GET /api/documents': () => json(myDocuments([])),
      'POST /api/identity/check': () =>
        json({ error: { code: 'section_closed', message: 'This step is not open yet.' } }, 409),
    });
    renderApp(PATH, ONFIDO);
    await userEvent.click(await startButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('This step is not open yet.');
    expect(await startButton()).toBeEnabled();
  });

  it('back with ?check=done: it waits, asking for the case again until the result shows', async () => {
    let gets = 0;
    applicationServer(() => {
      gets += 1;
      return submittedCase(
        gets > 1
          ? {
              propertyOwners: [
                party(11, 'user-1', 'Ann', {
                  identitySubmittedAt: '2026-03-12T10:00:00Z',
                  identityVerifiedAt: '2026-03-12T10:00:00Z',
                }),
              ],
            }
          : {},
      );
    });
    renderApp(`${PATH}?check=done`, ONFIDO);
    expect(await screen.findByRole('status')).toHaveTextContent(IDENTITY_TEXTS.electronicReturned);
    expect(screen.getByRole('button', { name: IDENTITY_TEXTS.electronicStartAgain })).toBeEnabled();
    expect(await screen.findByText('Verified on 12/03/2026', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.queryByText(IDENTITY_TEXTS.electronicReturned)).toBeNull();
  }, 15000);

  it('declined by the provider and sent back by the firm: the reason, and the check again', async () => {
    const reason = 'The check could not read your passport: take it again in daylight.';
    applicationServer(() =>
      submittedCase({
        propertyOwners: [party(11, 'user-1', 'Ann', { identityRejectionReason: reason })],
      }),
    );
    renderApp(PATH, ONFIDO);
    const rejection = await screen.findByTestId('identity-rejection');
    expect(within(rejection).getByText(IDENTITY_TEXTS.electronicRejectedTitle)).toBeVisible();
    expect(within(rejection).getByText(reason)).toBeVisible();
    expect(await startButton()).toBeEnabled();
  });
});
