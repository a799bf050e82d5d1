// A gift donor's landing and their own page (issue 13; INVITE-03, INVITE-06, FLOW-05): a signed-in
// donor with no case of their own goes to their gift (/gift/{caseId}) with the 'Confirm Your Gift
// Contribution' dialog over it, never to 'Start a remortgage'; the page shows their own gift only
// (GET /donor-evidence/buying/{caseId}) and, once they answer, the answer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DonorGift, FeedItem, Me } from '../../lib/api/types';
import { RELEASE_VERSION } from '../../lib/release';
import { expanded, overviews, page, remItem, REM_SECTIONS } from '../../test/cases';
import { apiError, json, mockFetch, noContent, type Handler } from '../../test/fetchMock';
import { makeMe, POLICIES, signedInServer } from '../../test/fixtures';
import { feedItem, feedPage } from '../../test/invitations';
import { renderApp } from '../../test/renderApp';
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
    ...overrides,
  };
}

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
  counts = overviews(0, 0),
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

    // Where they were, their gift now confirmed.
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
    // The buyers' case is never asked for.
    expect(calls.some((c) => c.path.startsWith('/api/buying/case/'))).toBe(false);
  });

  it('a signed-in donor opening the app at / goes to their gift too', async () => {
    const { routes } = donorServer([invitationItem()]);
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gift/2002'));
  });

  it('a customer with no case and no donor invitation still goes to the start page', async () => {
    const { routes } = donorServer([feedItem('case-notification')]);
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/start'));
  });

  it('INVITE-12: a donor invitation on a remortgage does not count', async () => {
    const { routes } = donorServer([feedItem('case-donor-invitation')]);
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/start'));
  });

  it('a customer with a case of their own who is also a donor goes to their cases', async () => {
    const { routes } = donorServer([invitationItem()], overviews(1, 0));
    signedInServer(DONOR, routes);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    // The dialog still asks them about the gift, over their list.
    expect(await screen.findByRole('dialog', { name: QUOTE_TEXTS.donorTitle })).toBeInTheDocument();
  });
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
