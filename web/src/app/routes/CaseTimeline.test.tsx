import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExpandedCase, Me } from '../../lib/api/types';
import { expanded, overviews, page, REM_SECTIONS } from '../../test/cases';
import { json } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

/** Issue 32: the case page's timeline, as the server works it out. */

const CUSTOMER = makeMe();
const BROKER = makeMe({ role: 'ROLE_BROKER' });

type Stage = ExpandedCase['timeline'][number];

const stage = (patch: Partial<Stage> & Pick<Stage, 'status' | 'label' | 'state'>): Stage => ({
  startedOn: null,
  finishedOn: null,
  expectedBy: null,
  overdue: false,
  waitsOn: null,
  ...patch,
});

const TIMELINE: Stage[] = [
  stage({
    status: 'CUSTOMER_APPLICATION',
    label: 'Customer Application',
    state: 'DONE',
    startedOn: '2026-03-04',
    finishedOn: '2026-03-10',
  }),
  stage({
    status: 'AWAITING_MORTGAGE_OFFER',
    label: 'Awaiting Mortgage Offer',
    state: 'CURRENT',
    startedOn: '2026-03-12',
    expectedBy: '2026-03-26',
    waitsOn: 'lender',
  }),
  stage({
    status: 'COMPLETED',
    label: 'Completed',
    state: 'AHEAD',
    expectedBy: '2026-04-14',
  }),
];

function serve(me: Me, timeline: Stage[], offerExpiresOn: string | null = null) {
  const base = expanded('REMORTGAGING', REM_SECTIONS);
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1, 1)),
    'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
    'GET /api/remortgaging/cases': () => json(page([])),
    'GET /api/remortgaging/cases/1001/expanded': () => json({ ...base, timeline, offerExpiresOn }),
  });
}

async function stages() {
  const region = await screen.findByRole('region', { name: 'Timeline' });
  return within(region).getAllByRole('listitem');
}

describe('the case timeline (issue 32)', () => {
  it('shows the stages done with their dates, the current one and those ahead', async () => {
    serve(CUSTOMER, TIMELINE);
    renderApp('/remortgaging/1001');
    const [done, current, ahead] = await stages();
    expect(done).toHaveTextContent('Customer Application04/03/2026 to 10/03/2026');
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(current).toHaveTextContent(
      'Now: Awaiting Mortgage OfferSince 12/03/2026, waiting on your lender. Expected by 26/03/2026',
    );
    expect(ahead).toHaveTextContent('CompletedExpected by 14/04/2026');
  });

  it('says when the current stage is taking longer, in the broker’s words', async () => {
    serve(BROKER, [{ ...TIMELINE[1], overdue: true, waitsOn: 'customer' }, TIMELINE[2]]);
    renderApp('/remortgaging/1001');
    const [current] = await stages();
    expect(current).toHaveTextContent(
      'Since 12/03/2026, waiting on your client. Taking longer than expected (expected by 26/03/2026)',
    );
  });

  it('names the mortgage offer’s expiry, and warns when completion is expected after it', async () => {
    serve(CUSTOMER, TIMELINE, '2026-06-30');
    renderApp('/remortgaging/1001');
    const region = await screen.findByRole('region', { name: 'Timeline' });
    expect(
      within(region).getByText(
        'The mortgage offer expires on 30/06/2026: the case completes before then.',
      ),
    ).toBeInTheDocument();
    expect(within(region).queryByRole('alert')).toBeNull();
  });

  it('warns when the expected completion falls after the offer expires', async () => {
    serve(CUSTOMER, TIMELINE, '2026-04-01');
    renderApp('/remortgaging/1001');
    const region = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The mortgage offer expires on 01/04/2026, before the expected completion.',
    );
  });

  it('shows no timeline off the main path', async () => {
    serve(CUSTOMER, []);
    renderApp('/remortgaging/1001');
    await screen.findByRole('region', { name: 'About this case' });
    expect(screen.queryByRole('region', { name: 'Timeline' })).toBeNull();
  });
});
