// Tenants in common share the property (CALLS-07, ENUM-08): one share per owner, adding up
// to 100, sent with POST /tenancy-split.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { apiError, noContent } from '../../../test/fetchMock';
import { makeMe } from '../../../test/fixtures';
import {
  bodiesOf,
  CASE_ID,
  owner,
  redactedOwner,
  remCase,
  renderSection,
} from '../../../test/ownersFixtures';
import { OWNERS_TEXTS as T } from '../ownersTexts';
import { OwnersSection } from './OwnersSection';
import { parseShare, totalBasisPoints } from './TenancySplitPart';

const ANN = makeMe({ id: 'user-1' });

afterEach(() => vi.unstubAllGlobals());

function tenantsInCommon(patch: Partial<RemortgagingExpanded> = {}): RemortgagingExpanded {
  const base = remCase({ propertyOwners: [owner(), redactedOwner()] });
  return {
    ...base,
    property: { ...base.property, landOwnership: 'TENANTS_IN_COMMON' },
    ...patch,
  };
}

async function show(theCase: () => RemortgagingExpanded, routes = {}) {
  const result = await renderSection(OwnersSection, ANN, theCase, routes);
  await screen.findByRole('heading', { level: 2, name: T.ownersHeading });
  return result;
}

describe('shares in the property', () => {
  it('reads percentages to two decimals and totals them without drift', () => {
    expect(parseShare('62.5')).toBe(62.5);
    expect(parseShare(' 33.33 ')).toBe(33.33);
    expect(parseShare('33.333')).toBeNull();
    expect(parseShare('100')).toBeNull();
    expect(parseShare('0')).toBeNull();
    expect(parseShare('abc')).toBeNull();
    expect(totalBasisPoints([33.33, 33.33, 33.34])).toBe(10_000);
    expect(totalBasisPoints([0.1, 0.2, null])).toBe(30);
  });

  it('is asked only of tenants in common with two owners or more', async () => {
    await show(() => remCase({ propertyOwners: [owner(), redactedOwner()] }));
    expect(screen.queryByRole('form', { name: T.sharesHeading })).not.toBeInTheDocument();
  });

  it('sends one share per owner when they add up to 100%, and says so', async () => {
    let current = tenantsInCommon();
    const { calls } = await show(() => current, {
      'POST /api/tenancy-split': () => {
        current = tenantsInCommon({
          propertyOwners: [
            owner({ tenancyShare: 62.5 }),
            { ...redactedOwner(), tenancyShare: 37.5 },
          ],
        });
        return noContent();
      },
    });
    const form = screen.getByRole('form', { name: T.sharesHeading });
    const ann = within(form).getByRole('textbox', { name: T.shareLabel('Ann') });
    const bob = within(form).getByRole('textbox', { name: T.shareLabel('Bob') });
    await userEvent.type(ann, '62.5');
    await userEvent.type(bob, '30');
    expect(within(form).getByTestId('shares-total')).toHaveTextContent('Total: 92.5%');
    await userEvent.click(within(form).getByRole('button', { name: T.saveShares }));
    expect(await within(form).findByText(T.sharesNotWhole)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/tenancy-split')).toEqual([]);

    await userEvent.clear(bob);
    await userEvent.type(bob, '37.5');
    await userEvent.click(within(form).getByRole('button', { name: T.saveShares }));
    expect(await within(form).findByText(T.sharesSaved)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/tenancy-split')).toEqual([
      {
        caseType: 'REMORTGAGING',
        caseId: Number(CASE_ID),
        shares: [
          { applicantId: 11, percentage: 62.5 },
          { applicantId: 12, percentage: 37.5 },
        ],
      },
    ]);
    await waitFor(() => expect(ann).toHaveValue('62.5'));
  });

  it('a share that is not a percentage is refused before sending; the server’s refusal is shown', async () => {
    const { calls } = await show(() => tenantsInCommon(), {
      'POST /api/tenancy-split': () =>
        apiError(409, 'The owners of the case have changed; reload it.'),
    });
    const form = screen.getByRole('form', { name: T.sharesHeading });
    await userEvent.type(
      within(form).getByRole('textbox', { name: T.shareLabel('Ann') }),
      '33.333',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: T.shareLabel('Bob') }),
      '66.667',
    );
    await userEvent.click(within(form).getByRole('button', { name: T.saveShares }));
    expect(await within(form).findByText(T.shareInvalid)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/tenancy-split')).toEqual([]);
    const ann = within(form).getByRole('textbox', { name: T.shareLabel('Ann') });
    const bob = within(form).getByRole('textbox', { name: T.shareLabel('Bob') });
    await userEvent.clear(ann);
    await userEvent.type(ann, '50');
    await userEvent.clear(bob);
    await userEvent.type(bob, '50');
    await userEvent.click(within(form).getByRole('button', { name: T.saveShares }));
    expect(
      await within(form).findByText('The owners of the case have changed; reload it.'),
    ).toBeInTheDocument();
  });
});
