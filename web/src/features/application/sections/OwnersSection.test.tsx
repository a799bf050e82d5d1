import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREVIOUS_LEGAL_NAMES_TEXTS } from '../../../components/PreviousLegalNames';
import type { LegalName, RemortgagingExpanded } from '../../../lib/api/types';
import { apiError, json, noContent } from '../../../test/fetchMock';
import { makeMe } from '../../../test/fixtures';
import {
  bodiesOf,
  CASE_ID,
  owner,
  redactedOwner,
  remCase,
  renderSection,
} from '../../../test/ownersFixtures';
import { OWNERS_TEXTS } from '../ownersTexts';
import { OwnersSection } from './OwnersSection';
import { formatNiNumber, isNiNumber, normaliseNiNumber } from './ownersFormat';

const ANN = makeMe({ id: 'user-1' });
const BROKER = makeMe({ id: 'broker-1', role: 'ROLE_BROKER' }, { preferredName: 'Bea' });
const API = `/api/remortgaging/${CASE_ID}`;

afterEach(() => vi.unstubAllGlobals());

function card(name: string) {
  return screen.getByRole('region', { name });
}

async function show(
  theCase: RemortgagingExpanded | (() => RemortgagingExpanded),
  me = ANN,
  routes = {},
) {
  const get = typeof theCase === 'function' ? theCase : () => theCase;
  const result = await renderSection(OwnersSection, me, get, routes);
  await screen.findByRole('heading', { level: 2, name: OWNERS_TEXTS.ownersHeading });
  return result;
}

describe('National Insurance numbers', () => {
  it('accepts the UK format with or without spaces, in any case', () => {
    expect(isNiNumber('QQ 12 34 56 C')).toBe(true);
    expect(isNiNumber('qq123456c')).toBe(true);
    expect(isNiNumber('QQ123456')).toBe(false);
    expect(isNiNumber('Q1234567C')).toBe(false);
    expect(isNiNumber('QQ123456E')).toBe(false);
    expect(normaliseNiNumber(' qq 12 34 56 c ')).toBe('QQ123456C');
    expect(formatNiNumber('QQ123456C')).toBe('QQ 12 34 56 C');
  });
});

describe('the Owners section', () => {
  it('lists each owner with their details, the lead marked, and nothing missing', async () => {
    await show(remCase());
    const ann = card('Ann');
    expect(within(ann).getByText(OWNERS_TEXTS.lead)).toBeInTheDocument();
    expect(within(ann).getByText(OWNERS_TEXTS.you)).toBeInTheDocument();
    expect(within(ann).getByText('Ann Marie Smith')).toBeInTheDocument();
    expect(within(ann).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(ann).getByText('04/05/1980')).toBeInTheDocument();
    expect(within(ann).getByText('QQ 12 34 56 C')).toBeInTheDocument();
    expect(within(ann).getByText('1 High Street, Canterbury, CT1 1AA')).toBeInTheDocument();
    expect(within(ann).getByTestId('owner-complete')).toHaveTextContent(OWNERS_TEXTS.complete);
  });

  it('shows the current legal name, not an earlier one', async () => {
    await show(
      remCase({
        propertyOwners: [
          owner(
            {},
            {
              legalNames: [
                { id: 1, firstName: 'Ann', surname: 'Jones', until: '2020-01-01T00:00:00Z' },
                { id: 2, firstName: 'Ann', surname: 'Smith', middleNames: null, until: null },
              ],
            },
          ),
        ],
      }),
    );
    const ann = card('Ann');
    expect(within(ann).getByText(OWNERS_TEXTS.fieldLegalName).nextSibling).toHaveTextContent(
      'Ann Smith',
    );
    // The earlier one is only among the previous names (CALLS-71).
    expect(within(ann).getAllByText('Ann Jones')).toHaveLength(1);
    const previous = within(ann).getByRole('list', { name: PREVIOUS_LEGAL_NAMES_TEXTS.heading });
    expect(within(previous).getByText('Ann Jones')).toBeInTheDocument();
  });

  it('VAL-10: lists what the server says an owner still has to give, in its order', async () => {
    await show(
      remCase({
        propertyOwners: [
          owner(
            { missingFields: ['Phone Number', 'Date of Birth', 'Address'] },
            { phoneNumber: '', dateOfBirth: null, address: { line1: null } },
          ),
        ],
      }),
    );
    const missing = within(card('Ann')).getByTestId('owner-missing');
    const items = within(missing)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Phone Number', 'Date of Birth', 'Address']);
  });

  it('ENT-12: a redacted co-owner shows only their name and that they complete their details', async () => {
    await show(remCase({ propertyOwners: [owner(), redactedOwner()] }));
    const bob = card('Bob');
    expect(within(bob).getByTestId('owner-redacted')).toHaveTextContent(OWNERS_TEXTS.redacted);
    expect(within(bob).queryByText(OWNERS_TEXTS.notGiven)).toBeNull();
    expect(within(bob).queryByTestId('owner-missing')).toBeNull();
    expect(within(bob).queryByRole('textbox')).toBeNull();
    // Only the signed-in owner's own row has the form.
    expect(
      within(card('Ann')).getByRole('textbox', { name: /Address line 1/ }),
    ).toBeInTheDocument();
  });

  it('saves my case details: NI number without spaces, upper-cased; links to settings', async () => {
    let theCase = remCase({
      propertyOwners: [
        owner({}, { address: { line1: null }, occupation: null, nationalInsuranceNumber: null }),
      ],
    });
    const { calls, router } = await show(() => theCase, ANN, {
      [`POST ${API}/applicant/11`]: () => {
        theCase = remCase();
        return noContent();
      },
    });
    const ann = card('Ann');
    await userEvent.type(
      within(ann).getByRole('textbox', { name: /Address line 1/ }),
      '1 High Street',
    );
    await userEvent.type(within(ann).getByRole('textbox', { name: /Occupation/ }), 'Teacher');
    await userEvent.type(
      within(ann).getByRole('textbox', { name: /National Insurance number/ }),
      'qq 12 34 56 c',
    );
    await userEvent.click(
      within(
        within(ann).getByRole('radiogroup', { name: OWNERS_TEXTS.ukResidentLegend }),
      ).getByRole('radio', { name: 'No' }),
    );
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    await within(ann).findByText(OWNERS_TEXTS.saved);
    expect(bodiesOf(calls, 'POST', `${API}/applicant/11`)).toEqual([
      {
        livesAtProperty: false,
        addressLine1: '1 High Street',
        occupation: 'Teacher',
        nationalInsuranceNumber: 'QQ123456C',
        isUkResident: false,
      },
    ]);
    // The case was refetched after the write.
    await waitFor(() =>
      expect(within(card('Ann')).getByTestId('owner-complete')).toBeInTheDocument(),
    );
    await userEvent.click(
      within(card('Ann')).getByRole('link', { name: OWNERS_TEXTS.profileLink }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  it('validates the NI number and the address in the browser, sending nothing', async () => {
    const { calls } = await show(
      remCase({ propertyOwners: [owner({}, { address: { line1: null } })] }),
    );
    const ann = card('Ann');
    const ni = within(ann).getByRole('textbox', { name: /National Insurance number/ });
    await userEvent.clear(ni);
    await userEvent.type(ni, 'AB12345');
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    expect(await within(ann).findByText(OWNERS_TEXTS.niInvalid)).toBeInTheDocument();
    expect(within(ann).getByText(OWNERS_TEXTS.addressRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's 422 on the right field and keeps what was typed", async () => {
    await show(remCase(), ANN, {
      [`POST ${API}/applicant/11`]: () =>
        apiError(422, 'Some fields are not valid', {
          nationalInsuranceNumber: 'This National Insurance number is not valid',
        }),
    });
    const ann = card('Ann');
    const ni = within(ann).getByRole('textbox', { name: /National Insurance number/ });
    await userEvent.clear(ni);
    await userEvent.type(ni, 'QQ 99 99 99 A');
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    expect(
      await within(ann).findByText('This National Insurance number is not valid'),
    ).toBeInTheDocument();
    expect(ni).toHaveValue('QQ 99 99 99 A');
    expect(ni).toHaveAttribute('aria-invalid', 'true');
    expect(within(ann).queryByRole('alert')).toBeNull();
  });

  it("a refusal (409) shows the server's reason; a 500 the generic text", async () => {
    let status = 409;
    await show(remCase(), ANN, {
      [`POST ${API}/applicant/11`]: () =>
        status === 409 ? apiError(409, 'The case is closed.') : apiError(500, 'boom'),
    });
    const ann = card('Ann');
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    expect(await within(ann).findByRole('alert')).toHaveTextContent('The case is closed.');
    status = 500;
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    await waitFor(() =>
      expect(within(ann).getByRole('alert')).toHaveTextContent(OWNERS_TEXTS.genericError),
    );
  });

  it('issue 26: an owner living at the property is not asked for its address again', async () => {
    const base = remCase();
    const theCase = {
      ...base,
      propertyOwners: [owner({ livesAtProperty: null }, { address: { line1: null } })],
    };
    const { calls } = await show(theCase, ANN, { [`POST ${API}/applicant/11`]: () => noContent() });
    const ann = card('Ann');
    // Not answered yet: the question comes first, with the property's address.
    const lives = within(ann).getByRole('radiogroup', {
      name: OWNERS_TEXTS.livesAtPropertyLegend,
    });
    expect(within(ann).queryByRole('textbox', { name: /Address line 1/ })).toBeNull();
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    expect(await within(ann).findByText(OWNERS_TEXTS.livesAtPropertyRequired)).toBeInTheDocument();
    await userEvent.click(within(lives).getByRole('radio', { name: 'Yes' }));
    expect(within(ann).queryByRole('textbox', { name: /Address line 1/ })).toBeNull();
    expect(within(ann).queryByRole('textbox', { name: /Postcode/ })).toBeNull();
    await userEvent.click(within(ann).getByRole('button', { name: OWNERS_TEXTS.saveDetails }));
    await within(ann).findByText(OWNERS_TEXTS.saved);
    expect(bodiesOf(calls, 'POST', `${API}/applicant/11`)).toEqual([
      {
        livesAtProperty: true,
        occupation: 'Teacher',
        nationalInsuranceNumber: 'QQ123456C',
        isUkResident: true,
      },
    ]);
    // 'No' asks for the address where they live instead.
    await userEvent.click(within(lives).getByRole('radio', { name: 'No' }));
    expect(within(ann).getByRole('textbox', { name: /Address line 1/ })).toBeInTheDocument();
    expect(within(ann).getByRole('textbox', { name: /Postcode/ })).toBeInTheDocument();
  });

  it("issue 26: after 'Sole owner' no one else can be added", async () => {
    const base = remCase();
    await show({ ...base, property: { ...base.property, landOwnership: 'SOLE_OWNER' } });
    expect(screen.queryByRole('heading', { name: OWNERS_TEXTS.addHeading })).toBeNull();
    expect(screen.queryByRole('button', { name: OWNERS_TEXTS.addButton })).toBeNull();
  });

  it('joint owners can add an owner', async () => {
    const base = remCase();
    await show({ ...base, property: { ...base.property, landOwnership: 'JOINT_TENANCY' } });
    expect(screen.getByRole('heading', { name: OWNERS_TEXTS.addHeading })).toBeInTheDocument();
  });

  it("a broker in a broker stage fills in an owner's details", async () => {
    const base = remCase();
    await show({ ...base, status: 'BROKER_APPLICATION' }, BROKER);
    const ann = card('Ann');
    expect(
      within(ann).getByRole('heading', { name: OWNERS_TEXTS.detailsHeadingFor('Ann') }),
    ).toBeInTheDocument();
    expect(within(ann).queryByText(OWNERS_TEXTS.you)).toBeNull();
  });

  it('adds an owner: e-mail rules of the login, sent lower-cased; says an invitation is sent', async () => {
    const { calls } = await show(remCase(), ANN, {
      'POST /api/remortgaging/applicant': () => json({ id: 12 }, 201),
    });
    const form = screen.getByRole('form', { name: OWNERS_TEXTS.addHeading });
    const add = within(form).getByRole('button', { name: OWNERS_TEXTS.addButton });
    await userEvent.click(add);
    expect(await within(form).findByText('Email address is required')).toBeInTheDocument();
    expect(within(form).getByText(OWNERS_TEXTS.nameRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /preferred name/ }), 'Bob');
    const email = within(form).getByRole('textbox', { name: /email address/ });
    await userEvent.type(email, 'bob@example');
    await userEvent.click(add);
    expect(await within(form).findByText('Must include @')).toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'Bob@Example.COM');
    await userEvent.click(add);
    expect(
      await within(form).findByText(OWNERS_TEXTS.added('bob@example.com')),
    ).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', '/api/remortgaging/applicant')).toEqual([
      { caseId: 1001, preferredName: 'Bob', email: 'bob@example.com' },
    ]);
    expect(email).toHaveValue('');
  });

  it("adding an owner already on the case shows the server's reason; a 422 goes on its field", async () => {
    let answer = apiError(409, 'That person is already an owner on this case.');
    await show(remCase(), ANN, { 'POST /api/remortgaging/applicant': () => answer });
    const form = screen.getByRole('form', { name: OWNERS_TEXTS.addHeading });
    await userEvent.type(within(form).getByRole('textbox', { name: /preferred name/ }), 'Bob');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /email address/ }),
      'bob@example.com',
    );
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addButton }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'That person is already an owner on this case.',
    );
    answer = apiError(422, 'Invalid', { preferredName: 'Preferred name is too long' });
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addButton }));
    expect(await within(form).findByText('Preferred name is too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /preferred name/ })).toHaveValue('Bob');
  });

  it('removes a co-owner after a confirmation; the lead has no Remove', async () => {
    let theCase = remCase({ propertyOwners: [owner(), redactedOwner()] });
    const { calls } = await show(() => theCase, ANN, {
      [`DELETE ${API}/applicants/user-2`]: () => {
        theCase = remCase();
        return noContent();
      },
    });
    expect(within(card('Ann')).queryByRole('button', { name: /Remove/ })).toBeNull();
    await userEvent.click(within(card('Bob')).getByRole('button', { name: 'Remove Bob' }));
    const dialog = await screen.findByRole('dialog', {
      name: OWNERS_TEXTS.removeOwnerTitle('Bob'),
    });
    await userEvent.click(within(dialog).getByRole('button', { name: OWNERS_TEXTS.remove }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bob' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `${API}/applicants/user-2`,
    ]);
  });

  it('a refused removal shows the reason in the dialog', async () => {
    await show(remCase({ propertyOwners: [owner(), redactedOwner()] }), ANN, {
      [`DELETE ${API}/applicants/user-2`]: () => apiError(409, 'Remove them later.'),
    });
    await userEvent.click(within(card('Bob')).getByRole('button', { name: 'Remove Bob' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: OWNERS_TEXTS.remove }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Remove them later.');
  });
});

describe('other adults at the property', () => {
  const occupantsRegion = () => screen.getByRole('region', { name: OWNERS_TEXTS.occupantsHeading });

  it('answers the question at once, with a saving indicator', async () => {
    let theCase = remCase();
    let release: () => void = () => {};
    const { calls } = await show(() => theCase, ANN, {
      [`POST ${API}/property-occupant`]: () =>
        new Promise((resolve) => {
          release = () => {
            theCase = remCase({ hasAdultOccupants: false });
            resolve(noContent());
          };
        }),
    });
    const region = occupantsRegion();
    const group = within(region).getByRole('radiogroup');
    await userEvent.click(within(group).getByRole('radio', { name: 'No' }));
    expect(await within(region).findByText(OWNERS_TEXTS.saving)).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(region).queryByText(OWNERS_TEXTS.saving)).toBeNull());
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(bodiesOf(calls, 'POST', `${API}/property-occupant`)).toEqual([
      { hasAdultOccupants: false },
    ]);
  });

  it("'No' while people are listed shows the server's reason and keeps the answer", async () => {
    await show(
      remCase({
        hasAdultOccupants: true,
        occupants: [{ id: 5, fullName: 'Carl Smith', email: null }],
      }),
      ANN,
      {
        [`POST ${API}/property-occupant`]: () =>
          apiError(409, 'Remove the people living at the property first.'),
      },
    );
    const region = occupantsRegion();
    await userEvent.click(within(region).getByRole('radio', { name: 'No' }));
    expect(
      await within(region).findByText('Remove the people living at the property first.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('radio', { name: 'Yes' })).toBeChecked();
  });

  it('adds an occupant (e-mail optional, lower-cased) and removes one', async () => {
    let theCase = remCase({ hasAdultOccupants: true });
    const { calls } = await show(() => theCase, ANN, {
      [`POST ${API}/property-occupant`]: () => {
        theCase = remCase({
          hasAdultOccupants: true,
          occupants: [{ id: 5, fullName: 'Carl Smith', email: null }],
        });
        return json({ id: 5 }, 201);
      },
      [`POST ${API}/property-occupants/5/delete`]: () => {
        theCase = remCase({ hasAdultOccupants: true });
        return noContent();
      },
    });
    const region = occupantsRegion();
    expect(within(region).getByText(OWNERS_TEXTS.noOccupants)).toBeInTheDocument();
    const form = within(region).getByRole('form', { name: OWNERS_TEXTS.addOccupantHeading });
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addOccupant }));
    expect(await within(form).findByText(OWNERS_TEXTS.fullNameRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: /Full name/ }), 'Carl Smith');
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addOccupant }));
    expect(await within(form).findByText('Must include @')).toBeInTheDocument();
    await userEvent.clear(within(form).getByRole('textbox', { name: /Email/ }));
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addOccupant }));
    const list = await within(region).findByRole('list', { name: OWNERS_TEXTS.occupantsListLabel });
    expect(within(list).getByText('Carl Smith')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Remove Carl Smith' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: OWNERS_TEXTS.remove }));
    expect(await within(region).findByText(OWNERS_TEXTS.noOccupants)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', `${API}/property-occupant`)).toEqual([
      { hasAdultOccupants: true, occupant: { fullName: 'Carl Smith' } },
    ]);
    expect(calls.filter((c) => c.path === `${API}/property-occupants/5/delete`)).toHaveLength(1);
  });

  it('an occupant e-mail is sent lower-cased; a 422 on occupant.fullName goes on the name', async () => {
    const { calls } = await show(remCase({ hasAdultOccupants: true }), ANN, {
      [`POST ${API}/property-occupant`]: () =>
        apiError(422, 'Invalid', { 'occupant.fullName': 'Full name is too long' }),
    });
    const form = within(occupantsRegion()).getByRole('form', {
      name: OWNERS_TEXTS.addOccupantHeading,
    });
    await userEvent.type(within(form).getByRole('textbox', { name: /Full name/ }), 'Carl Smith');
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'Carl@X.com');
    await userEvent.click(within(form).getByRole('button', { name: OWNERS_TEXTS.addOccupant }));
    expect(await within(form).findByText('Full name is too long')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /Full name/ })).toHaveValue('Carl Smith');
    expect(bodiesOf(calls, 'POST', `${API}/property-occupant`)).toEqual([
      { hasAdultOccupants: true, occupant: { fullName: 'Carl Smith', email: 'carl@x.com' } },
    ]);
  });
});

describe('previous legal names (CALLS-71)', () => {
  const T = PREVIOUS_LEGAL_NAMES_TEXTS;
  const CURRENT: LegalName = {
    id: 2,
    firstName: 'Ann',
    middleNames: null,
    surname: 'Smith',
    until: null,
  };
  const PREVIOUS: LegalName = {
    id: 1,
    firstName: 'Ann',
    middleNames: 'Marie',
    surname: 'Jones',
    until: '2024-06-15T12:00:00Z',
  };
  const withNames = (...legalNames: LegalName[]) => owner({}, { legalNames });
  const namesOf = (region: HTMLElement) =>
    within(region).queryByRole('region', { name: T.heading });

  it('lists my previous name with its end date; deleting it sends DELETE and refetches the case', async () => {
    let theCase = remCase({ propertyOwners: [withNames(PREVIOUS, CURRENT)] });
    const { calls } = await show(() => theCase, ANN, {
      [`DELETE ${API}/applicant/11/legal-name/1`]: () => {
        theCase = remCase({ propertyOwners: [withNames(CURRENT)] });
        return noContent();
      },
    });
    const names = namesOf(card('Ann'));
    expect(names).not.toBeNull();
    const list = within(names!).getByRole('list', { name: T.heading });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Ann Marie Jones')).toBeInTheDocument();
    expect(within(list).getByText('Until 15/06/2024')).toBeInTheDocument();
    // The current name is shown in the details but has no Delete.
    expect(within(card('Ann')).getByText('Ann Smith')).toBeInTheDocument();
    expect(
      within(card('Ann')).queryByRole('button', { name: T.deleteLabel('Ann Smith') }),
    ).toBeNull();
    await userEvent.click(
      within(list).getByRole('button', { name: T.deleteLabel('Ann Marie Jones') }),
    );
    expect(await screen.findByText(T.deleted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `${API}/applicant/11/legal-name/1`,
    ]);
    // The case was fetched again: the name is gone, and so is the empty list.
    await waitFor(() => expect(namesOf(card('Ann'))).toBeNull());
  });

  it('only the current name: no list and no Delete', async () => {
    await show(remCase({ propertyOwners: [withNames(CURRENT)] }));
    expect(namesOf(card('Ann'))).toBeNull();
    expect(within(card('Ann')).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('a refused delete says so in a toast and keeps the name', async () => {
    await show(remCase({ propertyOwners: [withNames(PREVIOUS, CURRENT)] }), ANN, {
      [`DELETE ${API}/applicant/11/legal-name/1`]: () =>
        apiError(409, 'The current legal name cannot be deleted. Give the new name instead.'),
    });
    await userEvent.click(
      within(card('Ann')).getByRole('button', { name: T.deleteLabel('Ann Marie Jones') }),
    );
    expect(await screen.findByText(T.deleteFailed)).toBeInTheDocument();
    expect(within(namesOf(card('Ann'))!).getByText('Ann Marie Jones')).toBeInTheDocument();
  });

  it('a redacted co-owner, or one I cannot edit, shows no names', async () => {
    const bob = {
      ...redactedOwner(),
      user: { ...redactedOwner().user, legalNames: [{ ...PREVIOUS, id: 7 }] },
    };
    const carl = owner(
      { id: 13, isLead: false },
      { id: 'user-3', preferredName: 'Carl', legalNames: [{ ...PREVIOUS, id: 8 }, CURRENT] },
    );
    await show(remCase({ propertyOwners: [withNames(PREVIOUS, CURRENT), bob, carl] }));
    expect(namesOf(card('Ann'))).not.toBeNull();
    expect(namesOf(card('Bob'))).toBeNull();
    expect(within(card('Bob')).queryByText('Ann Marie Jones')).toBeNull();
    expect(namesOf(card('Carl'))).toBeNull();
    expect(within(card('Carl')).queryByRole('button', { name: /Delete previous name/ })).toBeNull();
  });

  it("a broker in a broker stage deletes an owner's previous name", async () => {
    const base = remCase({ propertyOwners: [withNames(PREVIOUS, CURRENT)] });
    const { calls } = await show({ ...base, status: 'BROKER_APPLICATION' }, BROKER, {
      [`DELETE ${API}/applicant/11/legal-name/1`]: () => noContent(),
    });
    await userEvent.click(
      within(card('Ann')).getByRole('button', { name: T.deleteLabel('Ann Marie Jones') }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
        `${API}/applicant/11/legal-name/1`,
      ]),
    );
  });

  it('outside a broker stage a broker sees no names to delete', async () => {
    await show(remCase({ propertyOwners: [withNames(PREVIOUS, CURRENT)] }), BROKER);
    expect(namesOf(card('Ann'))).toBeNull();
  });
});
