import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, party, staffCase, staffPurchase, staffServer } from '../../test/staff';
import { source } from '../../test/cases';
import { SDLT_TEXTS } from '../application';
import type { StaffCase } from './types';

vi.mock('mermaid', () => ({ default: { initialize: vi.fn(), render: vi.fn() } }));

/** The answers of one open group, as term → value. */
function answers(region: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    within(region)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
  );
}

async function openGroup(title: string) {
  await userEvent.click(screen.getByRole('button', { name: title }));
  return screen.getByRole('region', { name: title });
}

describe("the case page's application answers (issue 26.12)", () => {
  it('groups a remortgage as its application does: alterations with their dates, other adults at the property', async () => {
    const base = staffCase();
    const remortgage: StaffCase = {
      ...base,
      expanded: {
        ...base.expanded,
        hasAlterations: true,
        alterations: [
          {
            id: 1,
            alterationType: 'EXTENSION',
            completedOn: '2019-06-01',
            documentsHeldBy: 'OWNER',
          },
        ],
        hasAdultOccupants: true,
        occupants: [{ id: 5, fullName: 'Ola Occupant', email: 'ola@example.com' }],
      } as StaffCase['expanded'],
    };
    staffServer(CONVEYANCER, {
      'GET /api/staff/cases/remortgaging/1001': () => json(remortgage),
    });
    renderApp('/staff/cases/remortgaging/1001');
    const application = await screen.findByRole('region', { name: 'The application' });
    // The application's sections in its order, each a group that opens; the key facts open.
    expect(
      within(application)
        .getAllByRole('button')
        .filter((b) => b.hasAttribute('aria-expanded'))
        .map((b) => b.textContent),
    ).toEqual([
      'Key Facts',
      'Quote',
      'Property Details',
      'Owners',
      'Property Alterations',
      'Financial Details',
    ]);
    expect(screen.getByRole('region', { name: 'Key Facts' })).toBeInTheDocument();
    // The owner's identity waits for the firm: the owners are open too.
    expect(screen.getByRole('region', { name: 'Owners' })).toHaveTextContent(
      'Other adults living at the propertyOla Occupant (ola@example.com)',
    );
    const alterations = answers(await openGroup('Property Alterations'));
    expect(alterations['Alterations since it was bought']).toBe('Yes');
    // Its date and who holds its documents, in the application's words.
    expect(alterations.Extension).toMatch(/^Completed 01\/06\/2019, .*An owner/);
  });

  it("a purchase's financing: sources of funds, ISAs, and each gift with whether its donor confirmed and their identity", async () => {
    const sam = party();
    const donor = party(
      { id: 21, isLead: false, partyType: 'DONOR', identityVerifiedAt: '2026-03-06T09:00:00Z' },
      { preferredName: 'Dee Donor', email: 'dee@example.com' },
    );
    const gift = (donorId: number, name: string, status: 'ACCEPTED' | 'INVITED') => ({
      donorId,
      donorName: name,
      donorEmail: `${name.split(' ')[0].toLowerCase()}@example.com`,
      giftAmount: 1_000_000,
      status,
      invitedAt: '2026-03-01T09:00:00Z',
      answeredAt: status === 'ACCEPTED' ? '2026-03-02T09:00:00Z' : null,
      buyerName: 'Sam Smith',
      propertyAddressLine1: '1 High Street',
      documents: [],
    });
    const purchase = staffPurchase('IDENTITY_VERIFICATION', 'Identity Verification', {
      buyers: [sam],
      donors: [donor],
      sourceOfFunds: [
        source(1, 'SAVINGS', { amount: 2_000_000 }),
        source(2, 'GIFTS', { amount: 2_000_000 }),
      ],
      isas: [{ id: 3, isaType: 'LIFETIME_ISA', amount: 400_000, applicantId: sam.id }],
      gifts: [gift(21, 'Dee Donor', 'ACCEPTED'), gift(22, 'Gil Giver', 'INVITED')],
    });
    staffServer(CONVEYANCER, { 'GET /api/staff/cases/buying/2002': () => json(purchase) });
    renderApp('/staff/cases/buying/2002');
    await screen.findByRole('region', { name: 'The application' });
    const financing = answers(await openGroup('Purchase & Financing'));
    expect(financing).toMatchObject({
      Savings: 'Amount: £20,000.00',
      'A gift from family or friends': 'Amount: £20,000.00',
    });
    expect(financing['Lifetime ISA']).toMatch(/Sam Smith.*£4,000\.00/);
    expect(financing['Gift: Dee Donor']).toMatch(/Confirmed/);
    expect(financing['Gift: Dee Donor']).toMatch(/donor's identity: Verified 06\/03\/2026$/);
    expect(financing['Gift: Gil Giver']).toMatch(/Waiting for them to confirm/);
    expect(financing['Gift: Gil Giver']).toMatch(/donor's identity: Not submitted$/);
    const land = answers(await openGroup('Stamp Duty Land Tax'));
    expect(Object.keys(land)).toEqual(
      expect.arrayContaining([SDLT_TEXTS.multipleProperties, SDLT_TEXTS.firstTimeBuyer]),
    );
  });

  it("CALLS-26 / REM-APP-25: a company case's company with each officer, and no Financial Details", async () => {
    const base = staffCase();
    const sam = party({ identitySubmittedAt: '2026-03-04T09:00:00Z' });
    const pat = party({ id: 12, isLead: false }, { preferredName: 'Pat Smith' });
    const remortgage: StaffCase = {
      ...base,
      expanded: {
        ...base.expanded,
        propertyOwners: [sam, pat],
        isCompanyCase: true,
        company: {
          registeredName: 'Smith Holdings Ltd',
          companyNumber: 'SC123456',
          registeredOffice: {
            addressLine1: '2 Castle Street',
            addressLine2: null,
            town: 'Canterbury',
            postcode: 'CT1 2AB',
          },
          officers: [
            { ownerId: 11, isDirector: true, isGuarantor: true },
            { ownerId: 12, isDirector: false, isGuarantor: true },
          ],
        },
        view: {
          ...base.expanded.view,
          sections: base.expanded.view.sections.map((s) =>
            s.key === 'financial-details' ? { ...s, state: 'HIDDEN' as const } : s,
          ),
        },
      } as StaffCase['expanded'],
    };
    staffServer(CONVEYANCER, {
      'GET /api/staff/cases/remortgaging/1001': () => json(remortgage),
    });
    renderApp('/staff/cases/remortgaging/1001');
    const application = await screen.findByRole('region', { name: 'The application' });
    expect(within(application).queryByRole('button', { name: 'Financial Details' })).toBeNull();
    // The owners are open (an identity waits for the firm), the company under them.
    const owners = screen.getByRole('region', { name: 'Owners' });
    expect(within(owners).getByRole('heading', { name: 'The company' })).toBeInTheDocument();
    expect(answers(owners)).toMatchObject({
      'Registered name': 'Smith Holdings Ltd',
      'Company number': 'SC123456',
      'Registered office': '2 Castle Street, Canterbury, CT1 2AB',
      'Sam Smith': 'Director, Guarantor',
      'Pat Smith': 'Guarantor',
    });
  });
});
