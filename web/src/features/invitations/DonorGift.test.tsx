// A gift donor's landing and their own page (issue 13; INVITE-03, INVITE-06, FLOW-05): a signed-in
// donor with no case of their own goes to their newest gift (GET /case-overviews `gifts`,
// /gift/{caseId}) with the 'Confirm Your Gift Contribution' dialog over it while it waits, never to
// 'Start a remortgage'; the page shows their own gift only (GET /donor-evidence/buying/{caseId}),
// once they answer the answer, and once they confirm their evidence (POST and DELETE /document);
// and their own conversation with the firm (issue 32: GET and POST /conversations/buying/{caseId}).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseOverviews, Conversation, DonorGift, FeedItem, Me } from '../../lib/api/types';
import { RELEASE_VERSION } from '../../lib/release';
import { expanded, overviews, page, remItem, REM_SECTIONS } from '../../test/cases';
import { apiError, json, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, POLICIES, signedInServer } from '../../test/fixtures';
import { FakeXhr } from '../../test/fakeXhr';
import { feedItem, feedPage } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
import { documentBody } from '../../test/tiles';
import { DOCUMENT_GUIDANCE } from '../application';
import { CONVERSATION_TEXTS } from '../conversation';
import { DONOR_PAGE_TEXTS, QUOTE_LABELS, QUOTE_TEXTS } from './texts';

const TOKEN = 'user-9.1900000000.abc';
const DONOR = makeMe(
  { id: 'user-9', knockToken: TOKEN },
  { preferredName: 'Gina', email: 'Gina@Example.test' },
);

function gift(overrides: Partial<DonorGift> = {}): DonorGift {
  return {
    donorId: 5,
    donorName: 'Gina Giver',
    donorEmail: 'gina@example.test',
    giftAmount: 2_500_000,
    status: 'INVITED',
    invitedAt: '2026-11-24T10:00:00Z',
    answeredAt: null,
    buyerName: 'Bea Buyer',
    propertyAddressLine1: '2 Castle Road',
    documents: [],
    ...overrides,
  };
}

/** GET /case-overviews of a donor: no case of their own, a gift towards purchase 2002. */
const DONOR_OVERVIEWS = overviews(0, 0, [{ caseId: 2002, caseType: 'BUYING', status: 'INVITED' }]);

const invitationItem = () =>
  feedItem('case-donor-invitation', {
    caseType: 'BUYING',
    caseId: 2002,
    inviterName: 'Bea Buyer',
    invitees: ['Bea Buyer'],
    propertyAddressLine1: '2 Castle Road',
  });

/** The donor's server: no case of their own, a feed holding `items`, their gift on 2002. */
function donorServer(
  items: FeedItem[],
  counts: CaseOverviews = DONOR_OVERVIEWS,
  extra: Record<string, Handler> = {},
) {
  let feed = [...items];
  let current = gift();
  const routes: Record<string, Handler> = {
    'GET /api/case-overviews': () => json(counts),
    'GET /api/feed/counts': () => json({ totalCount: feed.length, unreadCount: feed.length }),
    'GET /api/feed': () => json(feedPage(feed)),
    'GET /api/donor-evidence/buying/2002': () => json({ gifts: [current] }),
    'POST /api/buying/2002/donor/invitation/respond': async (request) => {
      const { accepted } = (await request.json()) as { accepted: boolean };
      current = gift({
        status: accepted ? 'ACCEPTED' : 'DECLINED',
        answeredAt: '2026-11-25T10:00:00Z',
      });
      return json({ donorId: 5, status: current.status });
    },
    'GET /api/remortgaging/cases': () => json(page([remItem()])),
    'GET /api/remortgaging/cases/1001/expanded': () => json(expanded('REMORTGAGING', REM_SECTIONS)),
    'GET /api/lenders': () => json({ lenders: [] }),
  };
  for (const item of items) {
    routes[`POST /api/feed/${item.id}/archive`] = () => {
      feed = feed.filter((i) => i.id !== item.id);
      return noContent();
    };
  }
  return { routes: { ...routes, ...extra } };
}

describe("a gift donor's landing", () => {
  it('a donor signing in with a magic link lands on their gift, the dialog over it; accepting shows it confirmed', async () => {
    const { routes } = donorServer([invitationItem()]);
    // Signed out until the link is redeemed.
    let signedIn = false;
    const { calls } = mockFetch({
      'GET /api/auth/verify': () => json({ isLoggedIn: signedIn }),
      'POST /api/auth/magic-link': () => {
        signedIn = true;
        return noContent();
      },
      'GET /api/auth/me': () => json(DONOR),
      'GET /api/policies/current': () => json(POLICIES),
      'GET /version': () => json({ version: RELEASE_VERSION }),
      ...routes,
    });
    const { router } = renderApp('/login/auth?token=good');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
    expect(
      await screen.findByRole('heading', { level: 1, name: DONOR_PAGE_TEXTS.title, hidden: true }),
    ).toBeInTheDocument();
    // Never the start page.
    expect(calls.some((c) => c.path === '/api/remortgaging/cases')).toBe(false);
    expect(screen.queryByText(/Start a remortgage/i)).toBeNull();

    const dialog = within(await screen.findByRole('dialog', { name: QUOTE_TEXTS.donorTitle }));
    expect(
      await dialog.findByText(
        'Bea Buyer has asked you to confirm your gift contribution of £25,000.00 towards the purchase of 2 Castle Road.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.accept }));
    const thanks = await screen.findByRole('dialog', { name: QUOTE_LABELS.giftConfirmed });
    await userEvent.click(within(thanks).getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(screen.queryByTestId('invitation-modal')).toBeNull());

    // On their gift, now confirmed.
    expect(router.state.location.pathname).toBe('/gift/2002');
    const summary = await screen.findByTestId('donor-gift');
    await waitFor(() =>
      expect(within(summary).getByText(DONOR_PAGE_TEXTS.status).nextSibling).toHaveTextContent(
        DONOR_PAGE_TEXTS.accepted,
      ),
    );
    expect(within(summary).getByText('2 Castle Road')).toBeInTheDocument();
    expect(within(summary).getByText('Bea Buyer')).toBeInTheDocument();
    expect(within(summary).getByText('£25,000.00')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(DONOR_PAGE_TEXTS.acceptedNote);
    // Confirmed, they may now upload their evidence.
    expect(screen.getByRole('button', { name: DONOR_PAGE_TEXTS.upload })).toBeInTheDocument();
    // The buyers' case is never asked for.
    expect(calls.some((c) => c.path.startsWith('/api/buying/case/'))).toBe(false);
  });

  it('a signed-in donor opening the app at / goes to their gift too', async () => {
    const { routes } = donorServer([invitationItem()]);
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
  });

  it('a customer with no case and no gift still goes to the start page', async () => {
    const { routes } = donorServer([feedItem('case-notification')], overviews(0, 0));
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/start'));
  });

  it('a donor who answered (no invitation left in the feed) still lands on their newest gift', async () => {
    const { routes } = donorServer(
      [],
      overviews(0, 0, [
        { caseId: 2002, caseType: 'BUYING', status: 'ACCEPTED' },
        { caseId: 2001, caseType: 'BUYING', status: 'DECLINED' },
      ]),
    );
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
  });

  it('a customer with a case of their own who is also a donor goes to their cases', async () => {
    const { routes } = donorServer([invitationItem()], overviews(1, 0, DONOR_OVERVIEWS.gifts));
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    // The dialog still asks them about the gift, over their list.
    expect(await screen.findByRole('dialog', { name: QUOTE_TEXTS.donorTitle })).toBeInTheDocument();
  });
});

describe("a gift donor's way to their gift (issue 26)", () => {
  it("the buyers' case link (/buying/2002…) leads a donor without BUYING to their gift, never to 'Buying is not available'", async () => {
    for (const path of ['/buying/2002', '/buying/2002/application/key-facts']) {
      const { routes } = donorServer([]);
      const { calls } = signedInServer(DONOR, routes);
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
      expect(
        await screen.findByRole('heading', { level: 1, name: DONOR_PAGE_TEXTS.title }),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Buying is not available/)).toBeNull();
      expect(calls.some((c) => c.path.startsWith('/api/buying/case/'))).toBe(false);
      unmount();
    }
  }, 15_000);

  it('anyone else on a purchase that is not theirs still meets the Buying guard', async () => {
    const { routes } = donorServer([], overviews(1, 0));
    signedInServer(DONOR, routes);
    const { router } = renderApp('/buying/2002');
    expect(await screen.findByText(/Buying is not available/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/buying/2002');
  }, 15_000);

  it('the navigation has an entry to their gift; a donor with a case of their own closes the thank-you on their gift', async () => {
    const { routes } = donorServer([invitationItem()], overviews(1, 0, DONOR_OVERVIEWS.gifts));
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    const dialog = within(await screen.findByRole('dialog', { name: QUOTE_TEXTS.donorTitle }));
    await userEvent.click(dialog.getByRole('button', { name: QUOTE_TEXTS.accept }));
    const thanks = await screen.findByRole('dialog', { name: QUOTE_LABELS.giftConfirmed });
    await userEvent.click(within(thanks).getByRole('button', { name: QUOTE_TEXTS.close }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
    const entry = screen.getByRole('link', { name: 'Your gift' });
    expect(entry).toHaveAttribute('href', '/gift/2002');
    expect(entry).toHaveAttribute('aria-current', 'page');
  }, 15_000);

  it('someone who gives no gift has no such entry', async () => {
    const { routes } = donorServer([], overviews(1, 0));
    signedInServer(DONOR, routes);
    renderApp('/help');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Remortgaging' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'Your gift' })).toBeNull();
  }, 15_000);
});

describe("a gift donor's page", () => {
  it('shows a declined gift as declined', async () => {
    const { routes } = donorServer([], overviews(0, 0), {
      'GET /api/donor-evidence/buying/2002': () =>
        json({ gifts: [gift({ status: 'DECLINED', answeredAt: '2026-11-25T10:00:00Z' })] }),
    });
    signedInServer(DONOR, routes);
    renderApp('/gift/2002');
    const summary = await screen.findByTestId('donor-gift');
    expect(within(summary).getByText(DONOR_PAGE_TEXTS.status).nextSibling).toHaveTextContent(
      DONOR_PAGE_TEXTS.declined,
    );
    expect(screen.getByRole('note')).toHaveTextContent(DONOR_PAGE_TEXTS.declinedNote);
    // Evidence is only for a confirmed gift.
    expect(screen.queryByRole('region', { name: DONOR_PAGE_TEXTS.evidenceHeading })).toBeNull();
  });

  it("shows only the signed-in person's own gift (a buyer is answered every gift)", async () => {
    const buyer: Me = makeMe({ knockToken: TOKEN }, { email: 'bea@example.test' });
    const { routes } = donorServer([], overviews(0, 1));
    signedInServer(buyer, routes);
    renderApp('/gift/2002');
    expect(await screen.findByText(DONOR_PAGE_TEXTS.notFound)).toBeInTheDocument();
    expect(screen.queryByTestId('donor-gift')).toBeNull();
  });

  it('an unknown case or a stranger (404) says there is no gift; a non-numeric id is not found', async () => {
    const { routes } = donorServer([], overviews(0, 0), {
      'GET /api/donor-evidence/buying/2002': () => apiError(404, 'Not found'),
    });
    signedInServer(DONOR, routes);
    const first = renderApp('/gift/2002');
    expect(await screen.findByText(DONOR_PAGE_TEXTS.notFound)).toBeInTheDocument();
    first.unmount();
    renderApp('/gift/abc');
    expect(
      await screen.findByText("Oh dear, it looks like the page you're looking for doesn't exist."),
    ).toBeInTheDocument();
  });
});

describe("a donor's evidence", () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** A confirmed gift whose evidence is `documents` (what the server holds at each read). */
  function confirmedServer(extra: Record<string, Handler> = {}) {
    const held = { documents: [] as DonorGift['documents'] };
    const { routes } = donorServer([], DONOR_OVERVIEWS, {
      'GET /api/donor-evidence/buying/2002': () =>
        json({ gifts: [gift({ status: 'ACCEPTED', documents: held.documents })] }),
      ...extra,
    });
    return { held, ...signedInServer(DONOR, routes) };
  }

  // DOCS-11: the donor's evidence is read per case (GET /donor-evidence/buying/{caseId}) and listed.
  it('uploads a gift statement (no slot) with the guidance, then lists it to download or delete', async () => {
    const { held, calls } = confirmedServer({
      'DELETE /api/document/71': () => {
        held.documents = [];
        return noContent();
      },
    });
    renderApp('/gift/2002');
    const section = within(
      await screen.findByRole('region', { name: DONOR_PAGE_TEXTS.evidenceHeading }),
    );
    expect(section.getByTestId('document-guidance')).toHaveTextContent(
      DOCUMENT_GUIDANCE.GIFT_STATEMENT,
    );
    expect(DOCUMENT_GUIDANCE.GIFT_STATEMENT).toMatch(/covering at least the last 6 months/);
    expect(section.getByText(DONOR_PAGE_TEXTS.noEvidence)).toBeInTheDocument();

    const file = new File(['%PDF-1.7'], 'statement.pdf', { type: 'application/pdf' });
    await userEvent.upload(section.getByLabelText(`${DONOR_PAGE_TEXTS.upload} file`), file);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr.url).toBe('/api/document');
    expect(xhr.fields()).toEqual({
      caseType: 'BUYING',
      caseId: '2002',
      documentType: 'GIFT_STATEMENT',
      file: 'statement.pdf',
    });
    held.documents = [documentBody(71, 'GIFT_STATEMENT', 'statement.pdf', 'BUYING')];
    xhr.respond(201, { documentId: 71, documentType: 'GIFT_STATEMENT' });

    // The gift is read again: the file is listed with its download link and a Delete.
    const list = within(await screen.findByRole('list', { name: DONOR_PAGE_TEXTS.evidenceList }));
    expect(list.getByText('statement.pdf · 10/03/2026')).toBeInTheDocument();
    expect(
      list.getByRole('link', { name: 'Download Gift statement (statement.pdf)' }),
    ).toHaveAttribute('href', '/api/document/71');
    await userEvent.click(list.getByRole('button', { name: 'Delete statement.pdf' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/document/71')).toBe(true),
    );
    expect(await section.findByText(DONOR_PAGE_TEXTS.noEvidence)).toBeInTheDocument();
  });

  it("a refused upload shows the server's reason", async () => {
    confirmedServer();
    renderApp('/gift/2002');
    const input = await screen.findByLabelText(`${DONOR_PAGE_TEXTS.upload} file`);
    await userEvent.upload(input, new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0].respond(422, {
      error: {
        code: 'validation_failed',
        message: 'A donor may upload only a gift statement.',
        fields: { documentType: 'A donor may upload only a gift statement.' },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A donor may upload only a gift statement.',
    );
  });

  it('writes to Threshold about the gift in a thread of their own, without files', async () => {
    let conversation: Conversation = {
      threads: [
        {
          channel: 'DONOR',
          path: 'donor-5',
          promised: true,
          attachable: [],
          messages: [],
          readByOthers: [],
        },
      ],
      replyDueAt: null,
      replyOverdue: false,
      replyWithinWorkingDays: 1,
    };
    const sent: unknown[] = [];
    const { routes } = donorServer([], overviews(0, 0), {
      'GET /api/conversations/buying/2002': () => json(conversation),
      'POST /api/conversations/buying/2002/donor-5': async (request) => {
        const body = (await request.json()) as { body: string };
        sent.push(body);
        conversation = {
          ...conversation,
          threads: [
            {
              ...conversation.threads[0],
              messages: [
                {
                  id: 1,
                  authorName: 'Gina',
                  authorSide: 'DONOR',
                  mine: true,
                  body: body.body,
                  createdAt: '2026-11-25T10:00:00Z',
                  attachments: [],
                },
              ],
            },
          ],
        };
        return json({ id: 1 }, 201);
      },
    });
    signedInServer(DONOR, routes);
    renderApp('/gift/2002');
    const messages = within(
      await screen.findByRole('region', { name: CONVERSATION_TEXTS.heading }),
    );
    expect(
      await messages.findByText(CONVERSATION_TEXTS.about.DONOR, { exact: false }),
    ).toBeVisible();
    expect(messages.getByText(CONVERSATION_TEXTS.promise(1), { exact: false })).toBeVisible();
    // One thread: no tabs; and no files (their statements go in their evidence above).
    expect(messages.queryByRole('tablist')).toBeNull();
    expect(messages.queryByRole('button', { name: CONVERSATION_TEXTS.attach })).toBeNull();
    await userEvent.type(
      messages.getByRole('textbox', { name: CONVERSATION_TEXTS.label }),
      'Which account should it come from?',
    );
    await userEvent.click(messages.getByRole('button', { name: CONVERSATION_TEXTS.send }));
    expect(await messages.findByText('Which account should it come from?')).toBeVisible();
    expect(sent).toEqual([{ body: 'Which account should it come from?', attachments: [] }]);
  });
});
