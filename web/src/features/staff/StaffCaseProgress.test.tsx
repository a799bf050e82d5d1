import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import { json, type Handler } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, party, staffCase, staffPurchase, staffServer } from '../../test/staff';
import { IDENTITY_CHECKS } from './identityTexts';
import type { StaffCase } from './types';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/remortgaging/1001';

beforeEach(() => {
  mermaid.initialize.mockReset();
  mermaid.render.mockReset();
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

function error(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/** A remortgage's staff case with these changes to the case and to its expanded body. */
function withCase(
  patch: Partial<StaffCase>,
  expandedPatch: Record<string, unknown> = {},
): StaffCase {
  const base = staffCase(patch);
  return { ...base, expanded: { ...base.expanded, ...expandedPatch } as StaffCase['expanded'] };
}

const status = (value: string, label: string) => ({
  status: value as StaffCase['status'],
  chip: { colour: 'AMBER' as const, label, showWarningIcon: false },
});

/**
 * The back office answering GET of the case with `state.current` (a route may change it, as the
 * server's step would) and the firm's steps as `routes` say.
 */
function server(initial: StaffCase, routes: Record<string, Handler> = {}) {
  const state = { current: initial };
  const result = staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(state.current),
    ...routes,
  });
  const gets = () => result.calls.filter((c) => c.method === 'GET' && c.path === CASE_PATH).length;
  const posts = (path: string) =>
    result.calls
      .filter((c) => c.method === 'POST' && c.path === `${CASE_PATH}${path}`)
      .map((c) => JSON.parse(c.body!) as unknown);
  return { ...result, state, gets, posts };
}

async function openCase(path = '/staff/cases/remortgaging/1001') {
  renderApp(path);
  await screen.findByRole('heading', {
    level: 1,
    name: '1 High Street, Canterbury, Kent, CT1 1AA',
  });
}

const identityOf = (name: string) => screen.getByRole('group', { name: `Identity of ${name}` });
/** Opens a closed group of the application's answers ('Owners', 'Buyer Details'). */
const openAnswers = (title: string) => userEvent.click(screen.getByRole('button', { name: title }));

describe('identity, per owner', () => {
  it("a submitted identity: the date, the owner's photo ID and selfie, and 'Verify identity' asks what was compared, posts VERIFIED with it and refreshes (issue 26.13)", async () => {
    const s = server(staffCase(), {
      [`POST ${CASE_PATH}/identity/11`]: () => {
        s.state.current = withCase(status('AWAITING_MORTGAGE_OFFER', 'Awaiting Mortgage Offer'), {
          propertyOwners: [
            party({
              identitySubmittedAt: '2026-03-04T09:00:00Z',
              identityVerifiedAt: '2026-03-05T09:00:00Z',
            }),
          ],
        });
        return json({ status: 'AWAITING_MORTGAGE_OFFER' });
      },
    });
    await openCase();
    const identity = identityOf('Sam Smith');
    expect(identity).toHaveTextContent('Submitted 04/03/2026');
    expect(within(identity).getByRole('link', { name: 'Open photo ID' })).toHaveAttribute(
      'href',
      '/api/document/33',
    );
    expect(within(identity).getByRole('link', { name: 'Open selfie' })).toHaveAttribute(
      'href',
      '/api/document/34',
    );
    const before = s.gets();
    await userEvent.click(within(identity).getByRole('button', { name: 'Verify identity' }));
    const dialog = await screen.findByRole('dialog', { name: "Verify Sam Smith's identity" });
    const checks = within(dialog).getAllByRole('checkbox');
    expect(checks.map((c) => c.closest('label')?.textContent)).toEqual(
      Object.values(IDENTITY_CHECKS),
    );
    // Every check must be ticked: one left unticked sends nothing.
    for (const check of checks.slice(0, -1)) await userEvent.click(check);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify identity' }));
    expect(
      await within(dialog).findByText(
        'Tick each check before verifying. If one fails, send the documents back.',
      ),
    ).toBeInTheDocument();
    expect(s.posts('/identity/11')).toEqual([]);
    await userEvent.click(checks[checks.length - 1]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify identity' }));
    expect(
      await screen.findByText(
        "Sam Smith's identity is verified. The case moved to Awaiting Mortgage Offer.",
      ),
    ).toBeInTheDocument();
    expect(s.posts('/identity/11')).toEqual([
      {
        decision: 'VERIFIED',
        checks: {
          photoMatches: true,
          nameMatches: true,
          dateOfBirthMatches: true,
          documentInDate: true,
          addressMatches: true,
        },
      },
    ]);
    expect(s.gets()).toBeGreaterThan(before);
    // The page is hidden from assistive technology until the dialog has finished closing.
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: "Verify Sam Smith's identity" }),
      ).not.toBeInTheDocument(),
    );
    expect(identityOf('Sam Smith')).toHaveTextContent('Verified 05/03/2026');
    expect(within(identityOf('Sam Smith')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('case-status')).toHaveTextContent('Awaiting Mortgage Offer');
  });

  it('with two owners, each is checked against the photo ID and selfie they uploaded', async () => {
    server(
      withCase(
        {
          identityEvidence: [
            { applicantId: 11, documentId: 33, documentType: 'PHOTO_ID' },
            { applicantId: 12, documentId: 35, documentType: 'PHOTO_ID' },
            { applicantId: 11, documentId: 34, documentType: 'SELFIE' },
            { applicantId: 12, documentId: 36, documentType: 'SELFIE' },
          ],
        },
        {
          propertyOwners: [
            party({ identitySubmittedAt: '2026-03-04T09:00:00Z' }),
            party(
              { id: 12, isLead: false, identitySubmittedAt: '2026-03-04T10:00:00Z' },
              { preferredName: 'Pat Smith' },
            ),
          ],
        },
      ),
    );
    await openCase();
    const links = (name: string) =>
      within(identityOf(name))
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]);
    expect(links('Sam Smith')).toEqual([
      ['Open photo ID', '/api/document/33'],
      ['Open selfie', '/api/document/34'],
    ]);
    expect(links('Pat Smith')).toEqual([
      ['Open photo ID', '/api/document/35'],
      ['Open selfie', '/api/document/36'],
    ]);
  });

  it('not submitted, verified and sent back are shown without the decision buttons', async () => {
    server(
      withCase(
        {},
        {
          propertyOwners: [
            party(),
            party(
              { id: 12, isLead: false, identityVerifiedAt: '2026-03-05T09:00:00Z' },
              { preferredName: 'Pat Smith' },
            ),
            party(
              { id: 13, isLead: false, identityRejectionReason: 'The photo is blurred.' },
              { preferredName: 'Lee Smith' },
            ),
          ],
        },
      ),
    );
    await openCase();
    // No identity waits for the firm: the owners are closed until opened.
    expect(screen.queryByRole('group', { name: 'Identity of Sam Smith' })).toBeNull();
    await openAnswers('Owners');
    expect(identityOf('Sam Smith')).toHaveTextContent('Not submitted');
    expect(identityOf('Pat Smith')).toHaveTextContent('Verified 05/03/2026');
    expect(identityOf('Lee Smith')).toHaveTextContent('Sent back: The photo is blurred.');
    for (const name of ['Sam Smith', 'Pat Smith', 'Lee Smith']) {
      expect(within(identityOf(name)).queryByRole('button')).toBeNull();
      expect(within(identityOf(name)).queryByRole('link')).toBeNull();
    }
  });

  it("where the identity provider checks identities, each owner's latest check says what it said", async () => {
    server(
      withCase(
        {
          identityChecks: [
            {
              applicantId: 11,
              provider: 'ONFIDO',
              result: 'declined',
              startedAt: '2026-03-03T09:00:00Z',
              completedAt: '2026-03-04T09:00:00Z',
              dashboardUrl: 'https://dashboard.onfido.com/results/run-1',
              reasons: ['document_expired', 'Selfie does not match the document'],
            },
            {
              applicantId: 12,
              provider: 'ONFIDO',
              result: null,
              startedAt: '2026-03-05T09:00:00Z',
              reasons: [],
            },
          ],
        },
        {
          propertyOwners: [
            party({ identitySubmittedAt: '2026-03-04T09:00:00Z' }),
            party({ id: 12, isLead: false }, { preferredName: 'Pat Smith' }),
            party({ id: 13, isLead: false }, { preferredName: 'Lee Smith' }),
          ],
        },
      ),
    );
    await openCase();
    expect(identityOf('Sam Smith')).toHaveTextContent('Identity check');
    expect(identityOf('Sam Smith')).toHaveTextContent('Onfido: declined 04/03/2026');
    // Onfido's own page for the check says why, in a new tab.
    const onfido = within(identityOf('Sam Smith')).getByRole('link', { name: 'Open in Onfido' });
    expect(onfido).toHaveAttribute('href', 'https://dashboard.onfido.com/results/run-1');
    expect(onfido).toHaveAttribute('target', '_blank');
    // Its reasons, as Onfido gave them with the outcome; none for a check not finished.
    const sam = within(identityOf('Sam Smith'));
    expect(sam.getByText("Onfido's reasons").tagName).toBe('DT');
    expect(sam.getByText('document_expired; Selfie does not match the document').tagName).toBe(
      'DD',
    );
    expect(identityOf('Pat Smith')).not.toHaveTextContent("Onfido's reasons");
    expect(within(identityOf('Pat Smith')).queryByRole('link')).toBeNull();
    expect(
      within(identityOf('Sam Smith')).getByRole('button', { name: 'Verify identity' }),
    ).toBeEnabled();
    expect(identityOf('Pat Smith')).toHaveTextContent('Onfido: started 05/03/2026, not finished');
    expect(identityOf('Lee Smith')).not.toHaveTextContent('Identity check');
  });

  it("'Send back' asks what they should do (required, at most 2000), shows a 422 on the field, posts REJECTED with it", async () => {
    let n = 0;
    const s = server(staffCase(), {
      [`POST ${CASE_PATH}/identity/11`]: () => {
        if (++n === 1) return error(422, 'validation_failed', 'Invalid', { reason: 'Say more' });
        s.state.current = withCase(
          {},
          {
            propertyOwners: [party({ identityRejectionReason: 'Take the photo in daylight.' })],
          },
        );
        return json({ status: 'IDENTITY_VERIFICATION' });
      },
    });
    await openCase();
    await userEvent.click(
      within(identityOf('Sam Smith')).getByRole('button', { name: 'Send back' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: "Send back Sam Smith's identity documents",
    });
    const field = within(dialog).getByRole('textbox', { name: /What should they do\?/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Tell them what to do next')).toBeInTheDocument();
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(2001));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Use 2000 characters or fewer')).toBeInTheDocument();
    expect(s.posts('/identity/11')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '  Take the photo in daylight. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(await within(dialog).findByText('Say more')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(
      await screen.findByText("Sam Smith's identity documents were sent back."),
    ).toBeInTheDocument();
    expect(s.posts('/identity/11')).toEqual([
      { decision: 'REJECTED', reason: 'Take the photo in daylight.' },
      { decision: 'REJECTED', reason: 'Take the photo in daylight.' },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: "Send back Sam Smith's identity documents" }),
      ).toBeNull(),
    );
    expect(identityOf('Sam Smith')).toHaveTextContent('Sent back: Take the photo in daylight.');
  });

  it('a 409 (nothing waiting for a decision) is shown in the verify and send-back dialogs as it says it', async () => {
    server(staffCase(), {
      [`POST ${CASE_PATH}/identity/11`]: () =>
        error(409, 'conflict', 'This identity is not waiting for a decision.'),
    });
    await openCase();
    await userEvent.click(
      within(identityOf('Sam Smith')).getByRole('button', { name: 'Verify identity' }),
    );
    const verify = await screen.findByRole('dialog', { name: "Verify Sam Smith's identity" });
    for (const check of within(verify).getAllByRole('checkbox')) await userEvent.click(check);
    await userEvent.click(within(verify).getByRole('button', { name: 'Verify identity' }));
    expect(
      await within(verify).findByText('This identity is not waiting for a decision.'),
    ).toBeInTheDocument();
    await userEvent.click(within(verify).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: "Verify Sam Smith's identity" })).toBeNull(),
    );
    await userEvent.click(
      within(identityOf('Sam Smith')).getByRole('button', { name: 'Send back' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: "Send back Sam Smith's identity documents",
    });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Again please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(
      await within(dialog).findByText('This identity is not waiting for a decision.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('dialog', { name: "Send back Sam Smith's identity documents" }),
    ).toBeInTheDocument();
  });
});

describe('the mortgage offer', () => {
  /** Opens the offer's form and uploads `name` as its document (the server answers `documentId`). */
  async function uploadOffer(name = 'offer.pdf', documentId = 77) {
    const steps = screen.getByRole('region', { name: 'Next steps' });
    await userEvent.click(
      within(steps).getByRole('button', { name: 'Record mortgage offer received' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record the mortgage offer' });
    await userEvent.upload(
      within(dialog).getByLabelText('Offer document'),
      new File(['%PDF-1.7'], name, { type: 'application/pdf' }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].fields()).toEqual({
      caseType: 'REMORTGAGING',
      caseId: '1001',
      documentType: 'MORTGAGE_OFFER',
      file: name,
    });
    FakeXhr.sent[0].respond(201, { documentId, documentType: 'MORTGAGE_OFFER', fileName: name });
    expect(await within(dialog).findByText(`Uploaded: ${name}`)).toBeInTheDocument();
    return within(dialog);
  }

  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("'Record mortgage offer received' asks for the offer's document, lender (prefilled), amount and dates, posts them and refreshes; the case moves on and shows the offer (issue 26.13)", async () => {
    const recorded = {
      documentId: 77,
      lender: 'Nationwide Building Society',
      amount: 18_500_000,
      offerDate: '2026-03-01',
      expiresOn: '2099-09-01',
      specialConditions: 'Repay the existing charge at completion.',
      recordedAt: '2026-03-08T10:00:00Z',
    };
    const s = server(withCase(status('AWAITING_MORTGAGE_OFFER', 'Awaiting Mortgage Offer')), {
      [`POST ${CASE_PATH}/mortgage-offer`]: () => {
        s.state.current = withCase(
          {
            ...status('PREPARE_MORTGAGE_REPORT', 'Preparing Mortgage Report'),
            mortgageOffer: recorded,
          },
          { hasMortgageOffer: true },
        );
        return json({ status: 'PREPARE_MORTGAGE_REPORT' });
      },
    });
    await openCase();
    const before = s.gets();
    const form = await uploadOffer();
    expect(form.getByRole('textbox', { name: /^Lender/ })).toHaveValue(
      'Nationwide Building Society',
    );
    await userEvent.type(form.getByRole('textbox', { name: /^Amount of the advance/ }), '185,000');
    await userEvent.type(form.getByLabelText(/^Date of the offer/), '2026-03-01');
    await userEvent.type(form.getByLabelText(/^Offer expires on/), '2099-09-01');
    await userEvent.type(
      form.getByRole('textbox', { name: /^Special conditions/ }),
      'Repay the existing charge at completion.',
    );
    await userEvent.click(form.getByRole('button', { name: 'Record offer' }));
    expect(
      await screen.findByText(
        'Mortgage offer recorded. The case moved to Preparing Mortgage Report.',
      ),
    ).toBeInTheDocument();
    expect(s.posts('/mortgage-offer')).toEqual([
      {
        documentId: 77,
        lender: 'Nationwide Building Society',
        amount: 18_500_000,
        offerDate: '2026-03-01',
        expiresOn: '2099-09-01',
        specialConditions: 'Repay the existing charge at completion.',
      },
    ]);
    expect(s.gets()).toBeGreaterThan(before);
    expect(screen.queryByRole('button', { name: 'Record mortgage offer received' })).toBeNull();
    const panel = within(screen.getByRole('region', { name: 'Mortgage offer' }));
    expect(panel.getByText('£185,000.00')).toBeInTheDocument();
    expect(panel.getByText('Nationwide Building Society')).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Download the offer' })).toHaveAttribute(
      'href',
      expect.stringContaining('/document/77'),
    );
  });

  it('checks the form before sending: the document, the amount and an expiry after the offer date', async () => {
    const s = server(withCase(status('AWAITING_MORTGAGE_OFFER', 'Awaiting Mortgage Offer')));
    await openCase();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    await userEvent.click(
      within(steps).getByRole('button', { name: 'Record mortgage offer received' }),
    );
    const form = within(await screen.findByRole('dialog', { name: 'Record the mortgage offer' }));
    await userEvent.type(form.getByRole('textbox', { name: /^Amount of the advance/ }), '0');
    await userEvent.type(form.getByLabelText(/^Date of the offer/), '2026-03-01');
    await userEvent.type(form.getByLabelText(/^Offer expires on/), '2026-02-01');
    await userEvent.click(form.getByRole('button', { name: 'Record offer' }));
    expect(await form.findByText('Enter an amount in pounds, more than £0')).toBeInTheDocument();
    expect(form.getByText('The expiry must be after the offer date')).toBeInTheDocument();
    expect(s.posts('/mortgage-offer')).toEqual([]);
  });

  it("shows the server's refusal on the field it names", async () => {
    const s = server(withCase(status('AWAITING_MORTGAGE_OFFER', 'Awaiting Mortgage Offer')), {
      [`POST ${CASE_PATH}/mortgage-offer`]: () =>
        error(422, 'validation_failed', 'Some of the details are not valid.', {
          expiresOn: 'has passed: the lender must issue a new offer',
          documentId: 'must be a mortgage offer document uploaded to this case',
        }),
    });
    await openCase();
    const form = await uploadOffer();
    await userEvent.type(form.getByRole('textbox', { name: /^Amount of the advance/ }), '185000');
    await userEvent.type(form.getByLabelText(/^Date of the offer/), '2026-03-01');
    await userEvent.type(form.getByLabelText(/^Offer expires on/), '2099-09-01');
    await userEvent.click(form.getByRole('button', { name: 'Record offer' }));
    expect(
      await form.findByText('has passed: the lender must issue a new offer'),
    ).toBeInTheDocument();
    expect(
      form.getByText('must be a mortgage offer document uploaded to this case'),
    ).toBeInTheDocument();
    expect(s.posts('/mortgage-offer')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Record the mortgage offer' })).toBeInTheDocument();
  });

  it.each([
    ['before Awaiting Mortgage Offer', withCase({})],
    [
      'once recorded',
      withCase(status('PREPARE_MORTGAGE_REPORT', 'Preparing Mortgage Report'), {
        hasMortgageOffer: true,
      }),
    ],
    ['on a completed case', withCase(status('COMPLETED', 'Completed 01/04/2026'))],
  ])('is not offered %s', async (_, theCase) => {
    server(theCase);
    await openCase();
    expect(screen.queryByRole('button', { name: 'Record mortgage offer received' })).toBeNull();
  });

  it('is offered on a later open status when no offer was recorded', async () => {
    server(withCase(status('PENDING_COMPLETION', 'Pending Completion')));
    await openCase();
    expect(
      screen.getByRole('button', { name: 'Record mortgage offer received' }),
    ).toBeInTheDocument();
  });
});

describe('documents we issue', () => {
  it('drafts and issued documents with their badges; who has accepted each issued one', async () => {
    server(
      withCase(status('MORTGAGE_REPORT_ACCEPTANCE', 'Mortgage Report Ready'), {
        propertyOwners: [
          party({ documentAcceptances: [{ documentId: 40, acceptedAt: '2026-03-06T10:00:00Z' }] }),
          party({ id: 12, isLead: false }, { preferredName: 'Pat Smith' }),
        ],
        documents: {
          documents: [],
          generatedDocuments: [
            { documentId: 9, documentType: 'QUOTE', isDraft: false },
            { documentId: 40, documentType: 'MORTGAGE_REPORT', isDraft: false },
            { documentId: 41, documentType: 'COMPLETION_STATEMENT', isDraft: true },
          ],
        },
      }),
    );
    await openCase();
    const panel = screen.getByRole('region', { name: 'Documents we issue' });
    const items = within(within(panel).getByRole('list', { name: 'Documents we issue' }))
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-document'));
    expect(items).toHaveLength(3);
    const [quote, report, statement] = items;
    expect(within(quote).getByText('Issued')).toBeInTheDocument();
    expect(within(quote).queryByText(/Accepted by/)).toBeNull();
    expect(within(report).getByText('Issued')).toBeInTheDocument();
    expect(within(report).getByRole('link', { name: 'Open mortgage report' })).toHaveAttribute(
      'href',
      '/api/document/40',
    );
    expect(within(report).queryByRole('button', { name: 'Issue to customers' })).toBeNull();
    expect(within(report).getByText('Accepted by the owners')).toBeInTheDocument();
    expect(within(report).getByText('Sam Smith').nextSibling).toHaveTextContent(
      'Accepted 06/03/2026',
    );
    expect(within(report).getByText('Pat Smith').nextSibling).toHaveTextContent('Not yet');
    expect(within(statement).getByText('Draft')).toBeInTheDocument();
    expect(
      within(statement).getByRole('link', { name: 'Open completion statement (draft)' }),
    ).toHaveAttribute('href', '/api/document/41');
    expect(
      within(statement).getByRole('button', { name: 'Issue to customers' }),
    ).toHaveAccessibleDescription('Completion statement');
    expect(within(statement).queryByText(/Accepted by/)).toBeNull();
  });

  it("'Draft mortgage report' asks the conveyancer's findings, posts them with its type, shows progress, refreshes; only the stage's drafts are offered (issue 26.13, 29)", async () => {
    // Each draft is held until the test lets it go (rendering takes a moment).
    const held: (() => void)[] = [];
    const preparing = withCase({
      ...status('PREPARE_MORTGAGE_REPORT', 'Preparing Mortgage Report'),
      draftable: ['MORTGAGE_REPORT'],
    });
    const s = server(preparing, {
      [`POST ${CASE_PATH}/documents`]: async (request) => {
        const { documentType } = (await request.json()) as { documentType: string };
        await new Promise<void>((resolve) => held.push(resolve));
        const base = s.state.current;
        const id = 50 + base.expanded.documents.generatedDocuments.length;
        s.state.current = {
          ...base,
          expanded: {
            ...base.expanded,
            documents: {
              ...base.expanded.documents,
              generatedDocuments: [
                ...base.expanded.documents.generatedDocuments,
                { documentId: id, documentType, isDraft: true },
              ],
            },
          },
        };
        return json({ documentId: id, documentType, isDraft: true }, 201);
      },
    });
    await openCase();
    const panel = screen.getByRole('region', { name: 'Documents we issue' });
    const before = s.gets();
    await userEvent.click(within(panel).getByRole('button', { name: 'Draft mortgage report' }));
    // Issue 29: the report states the conveyancer's finding on the offer, required.
    const dialog = within(await screen.findByRole('dialog', { name: 'Draft mortgage report' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Draft' }));
    expect(await dialog.findByText('Write your finding')).toBeInTheDocument();
    await userEvent.type(
      dialog.getByRole('textbox', { name: /What you checked in the offer/ }),
      'It names both owners.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Draft' }));
    expect(
      await within(panel).findByText('Drafting the mortgage report. This takes a moment.'),
    ).toBeInTheDocument();
    // (Behind the findings dialog, which shows its own progress until the draft is made.)
    expect(within(panel).getByRole('status', { hidden: true })).toHaveTextContent(
      'Drafting the mortgage report. This takes a moment.',
    );
    // The completion statement is drafted at its own stage, not this one.
    expect(
      within(panel).queryByRole('button', { name: /Draft completion statement/, hidden: true }),
    ).toBeNull();
    expect(
      within(panel).getByRole('button', { name: /Draft mortgage report/, hidden: true }),
    ).toBeInTheDocument();
    await waitFor(() => expect(held).toHaveLength(1));
    held.shift()!();
    expect(
      await screen.findByText('Mortgage report drafted. Check it, then issue it to the customers.'),
    ).toBeInTheDocument();
    expect(s.gets()).toBeGreaterThan(before);
    expect(
      within(panel).getAllByRole('link', { name: 'Open mortgage report (draft)' }),
    ).toHaveLength(2);
    expect(within(panel).getByRole('status')).toHaveTextContent('');
    expect(s.posts('/documents')).toEqual([
      { documentType: 'MORTGAGE_REPORT', lenderFindings: 'It names both owners.' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Draft mortgage report' })).toBeNull();
  });

  it("a report's findings refused by the server show on their field, and the dialog stays", async () => {
    const s = server(
      withCase({
        ...status('PREPARE_MORTGAGE_REPORT', 'Preparing Mortgage Report'),
        draftable: ['MORTGAGE_REPORT'],
      }),
      {
        [`POST ${CASE_PATH}/documents`]: () =>
          json(
            {
              error: {
                code: 'invalid_fields',
                message: 'Some fields are not valid.',
                fields: { lenderFindings: 'must be at most 5000 characters' },
              },
            },
            422,
          ),
      },
    );
    await openCase();
    const panel = screen.getByRole('region', { name: 'Documents we issue' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Draft mortgage report' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Draft mortgage report' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /What you checked/ }), 'Checked.');
    await userEvent.click(dialog.getByRole('button', { name: 'Draft' }));
    expect(await dialog.findByText('must be at most 5000 characters')).toBeInTheDocument();
    expect(s.posts('/documents')).toHaveLength(1);
  });

  it("'Issue to customers' asks first; a 409 is shown in the dialog as the workflow says it; then it is issued", async () => {
    let n = 0;
    const s = server(withCase(status('PREPARE_MORTGAGE_REPORT', 'Preparing Mortgage Report')), {
      [`POST ${CASE_PATH}/documents/32/issue`]: () => {
        if (++n === 1) {
          return error(409, 'not_ready', 'The Help to Buy redemption letter has not arrived yet.');
        }
        s.state.current = withCase(status('MORTGAGE_REPORT_ACCEPTANCE', 'Mortgage Report Ready'), {
          documents: {
            ...staffCase().expanded.documents,
            generatedDocuments: [
              { documentId: 32, documentType: 'MORTGAGE_REPORT', isDraft: false },
            ],
          },
        });
        return json({ status: 'MORTGAGE_REPORT_ACCEPTANCE' });
      },
    });
    await openCase();
    const panel = screen.getByRole('region', { name: 'Documents we issue' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Issue to customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue mortgage report?' });
    expect(dialog).toHaveAccessibleDescription('The owners are told and asked to accept it.');
    expect(s.posts('/documents/32/issue')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(
      await within(dialog).findByText('The Help to Buy redemption letter has not arrived yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Issue mortgage report?' })).toBeInTheDocument();
    expect(within(panel).getByText('Draft')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Issue' }));
    expect(
      await screen.findByText(
        'Mortgage report issued to the customers. The case moved to Mortgage Report Ready.',
      ),
    ).toBeInTheDocument();
    expect(s.posts('/documents/32/issue')).toEqual([{}, {}]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Issue mortgage report?' })).toBeNull(),
    );
    expect(within(panel).getByText('Issued')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Issue to customers' })).toBeNull();
    expect(within(panel).getByText('Sam Smith').nextSibling).toHaveTextContent('Not yet');
  });

  it('a purchase drafts what its stage issues (the completion statement), and says buyers', async () => {
    server(withCase({}), {
      'GET /api/staff/cases/buying/2002': () =>
        json({
          ...staffPurchase('PREPARE_COMPLETION_STATEMENT', 'Preparing Completion Statement', {
            documents: {
              documents: [],
              generatedDocuments: [
                { documentId: 60, documentType: 'COMPLETION_STATEMENT', isDraft: true },
              ],
            },
          }),
          draftable: ['COMPLETION_STATEMENT'],
        }),
    });
    renderApp('/staff/cases/buying/2002');
    const panel = await screen.findByRole('region', { name: 'Documents we issue' });
    expect(within(panel).queryByRole('button', { name: 'Draft mortgage report' })).toBeNull();
    expect(
      within(panel)
        .getAllByRole('button', { name: /^Draft / })
        .map((b) => b.textContent),
    ).toEqual(['Draft completion statement']);
    await openAnswers('Buyer Details');
    expect(identityOf('Sam Smith')).toHaveTextContent('Not submitted');
    await userEvent.click(within(panel).getByRole('button', { name: 'Issue to customers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue completion statement?' });
    expect(dialog).toHaveAccessibleDescription('The buyers are told and asked to accept it.');
  });

  describe("the firm's own document in place of the drafted one (issue 29)", () => {
    beforeEach(() => {
      FakeXhr.sent = [];
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('is uploaded as a PDF of the type the stage issues, and becomes a draft to issue', async () => {
      server(withCase({}), {
        'GET /api/staff/cases/buying/2002': () =>
          json({
            ...staffPurchase('PREPARE_REPORT_ON_TITLE', 'Preparing Report on Title'),
            draftable: ['REPORT_ON_TITLE'],
          }),
      });
      renderApp('/staff/cases/buying/2002');
      const panel = await screen.findByRole('region', { name: 'Documents we issue' });
      const input = within(panel).getByLabelText('Upload our own report on title');
      expect(input).toHaveAttribute('accept', 'application/pdf');
      await userEvent.upload(
        input,
        new File(['%PDF-1.7'], 'our report.pdf', { type: 'application/pdf' }),
      );
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      expect(FakeXhr.sent[0].fields()).toEqual({
        caseType: 'BUYING',
        caseId: '2002',
        documentType: 'REPORT_ON_TITLE',
        file: 'our report.pdf',
      });
      FakeXhr.sent[0].respond(201, {
        documentId: 61,
        documentType: 'REPORT_ON_TITLE',
        fileName: 'our report.pdf',
      });
      expect(
        await screen.findByText(
          'Our own report on title is a draft. Check it, then issue it to the customers.',
        ),
      ).toBeInTheDocument();
    });
  });

  it.each([
    ['a closed case', withCase(status('COMPLETED', 'Completed 01/04/2026'))],
    [
      'a case not yet submitted',
      withCase(status('CUSTOMER_APPLICATION', 'Customer Application'), {
        view: { ...staffCase().expanded.view, submitted: false },
      }),
    ],
  ])('nothing is drafted on %s', async (_, theCase) => {
    server(theCase);
    await openCase();
    const panel = screen.getByRole('region', { name: 'Documents we issue' });
    expect(within(panel).queryByRole('button', { name: /^Draft / })).toBeNull();
  });
});
