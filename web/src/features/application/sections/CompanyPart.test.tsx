import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaseTransition, Company, RemortgagingExpanded } from '../../../lib/api/types';
import { applicationServer, remCase as appCase, withStates } from '../../../test/application';
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
import { renderApp } from '../../../test/renderApp';
import { COMPANY_TEXTS as T } from '../companyTexts';
import { REVIEW_TEXTS } from '../texts';
import { isCompanyNumber, normaliseCompanyNumber } from './companyValues';
import { OwnersSection } from './OwnersSection';

/**
 * Issue 33 (CALLS-26): a company case's company in the Owners section, as Companies House
 * registers it, with which owners are its directors and personal guarantors; REM-APP-25: its
 * Financial Details are hidden, and it is submitted once the company and a director are in.
 */

const ANN = makeMe({ id: 'user-1' });
const BROKER = makeMe({ id: 'broker-1', role: 'ROLE_BROKER' }, { preferredName: 'Bea' });
/** The submit transition's reason until the company and a director are recorded (the server's). */
const DIRECTOR_NEEDED = "Add the company's details and at least one director.";
const COMPANY_PATH = `/api/remortgaging/${CASE_ID}/company`;

const COMPANY: Company = {
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
    { ownerId: 12, isDirector: true, isGuarantor: false },
  ],
};

/** Ann (signed in) and Bob (a co-owner, redacted to her), a company case. */
const companyCase = (patch: Partial<RemortgagingExpanded> = {}) =>
  remCase({
    isCompanyCase: true,
    company: null,
    propertyOwners: [owner(), redactedOwner()],
    ...patch,
  });

afterEach(() => vi.unstubAllGlobals());

async function companyPart() {
  return within(await screen.findByRole('region', { name: T.heading }));
}

async function fillIn(part: ReturnType<typeof within>) {
  await userEvent.type(
    part.getByRole('textbox', { name: /Registered name/ }),
    ' Smith Holdings Ltd ',
  );
  await userEvent.type(part.getByRole('textbox', { name: /Company number/ }), 'sc 123456');
  await userEvent.type(
    part.getByRole('textbox', { name: /Registered office address line 1/ }),
    '2 Castle Street',
  );
  await userEvent.type(part.getByRole('textbox', { name: /Town or city/ }), 'Canterbury');
  await userEvent.type(part.getByRole('textbox', { name: /Postcode/ }), 'ct1 2ab');
}

describe('company numbers', () => {
  it('CALLS-26: takes the numbers the server takes, spaces and case aside', () => {
    expect(isCompanyNumber('01234567')).toBe(true);
    expect(isCompanyNumber('sc 123456')).toBe(true);
    expect(isCompanyNumber('R0001234')).toBe(true);
    // A number written without its leading zeros: the server pads it.
    expect(isCompanyNumber('445790')).toBe(true);
    expect(normaliseCompanyNumber(' sc 123456 ')).toBe('SC123456');
    expect(isCompanyNumber('SC12345')).toBe(false);
    expect(isCompanyNumber('123456789')).toBe(false);
    expect(isCompanyNumber('S1234567')).toBe(false);
  });
});

describe('the company part of the Owners section (issue 33)', () => {
  it('CALLS-26: is not there for a case that is not a company’s', async () => {
    await renderSection(OwnersSection, ANN, () => remCase());
    await screen.findByRole('heading', { level: 2, name: 'Owners' });
    expect(screen.queryByRole('region', { name: T.heading })).toBeNull();
  });

  it('CALLS-26: asks a company case for the company, with two boxes for each owner', async () => {
    await renderSection(OwnersSection, ANN, () => companyCase());
    const part = await companyPart();
    expect(part.getByText(T.intro)).toBeInTheDocument();
    for (const label of [
      /Registered name/,
      /Company number/,
      /Registered office address line 1/,
      /Registered office address line 2 \(optional\)/,
      /Town or city/,
      /Postcode/,
    ]) {
      expect(part.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    for (const name of ['Ann', 'Bob']) {
      const boxes = within(part.getByRole('group', { name }));
      expect(boxes.getByRole('checkbox', { name: T.director })).not.toBeChecked();
      expect(boxes.getByRole('checkbox', { name: T.guarantor })).not.toBeChecked();
    }
  });

  it('CALLS-26: sends the company as the server takes it, then shows it as a summary', async () => {
    let theCase = companyCase();
    const { calls } = await renderSection(OwnersSection, ANN, () => theCase, {
      [`POST ${COMPANY_PATH}`]: () => {
        theCase = companyCase({ company: COMPANY });
        return noContent();
      },
    });
    const part = await companyPart();
    await fillIn(part);
    // No director yet: nothing is sent.
    await userEvent.click(part.getByRole('button', { name: T.save }));
    expect(await part.findByText(T.directorRequired)).toBeInTheDocument();
    expect(bodiesOf(calls, 'POST', COMPANY_PATH)).toHaveLength(0);

    const ann = within(part.getByRole('group', { name: 'Ann' }));
    await userEvent.click(ann.getByRole('checkbox', { name: T.director }));
    await userEvent.click(ann.getByRole('checkbox', { name: T.guarantor }));
    await userEvent.click(
      within(part.getByRole('group', { name: 'Bob' })).getByRole('checkbox', { name: T.director }),
    );
    await userEvent.click(part.getByRole('button', { name: T.save }));
    await waitFor(() => expect(bodiesOf(calls, 'POST', COMPANY_PATH)).toHaveLength(1));
    expect(bodiesOf(calls, 'POST', COMPANY_PATH)[0]).toEqual({
      registeredName: 'Smith Holdings Ltd',
      companyNumber: 'SC123456',
      registeredOffice: {
        addressLine1: '2 Castle Street',
        town: 'Canterbury',
        postcode: 'CT1 2AB',
      },
      officers: [
        { ownerId: 11, isDirector: true, isGuarantor: true },
        { ownerId: 12, isDirector: true, isGuarantor: false },
      ],
    });
    const summary = await part.findByTestId('company-summary');
    expect(part.queryByRole('textbox')).toBeNull();
    expect(summary).toHaveTextContent('Smith Holdings Ltd');
    expect(part.getByRole('status')).toHaveTextContent(T.saved);
    // The heading takes the focus back from the form.
    expect(part.getByRole('heading', { name: T.heading })).toHaveFocus();
  });

  it('CALLS-26: shows the server’s field problems under their fields, and the rest above Save', async () => {
    const { calls } = await renderSection(OwnersSection, ANN, () => companyCase(), {
      [`POST ${COMPANY_PATH}`]: () =>
        apiError(422, 'Some fields are invalid', {
          companyNumber: 'is not a Companies House number',
          'registeredOffice.postcode': 'is not a UK postcode',
          'officers[0].ownerId': 'is not an owner of this case',
        }),
    });
    const part = await companyPart();
    await fillIn(part);
    await userEvent.click(
      within(part.getByRole('group', { name: 'Ann' })).getByRole('checkbox', { name: T.director }),
    );
    await userEvent.click(part.getByRole('button', { name: T.save }));
    await waitFor(() => expect(bodiesOf(calls, 'POST', COMPANY_PATH)).toHaveLength(1));
    const number = part.getByRole('textbox', { name: /Company number/ });
    expect(await part.findByText('is not a Companies House number')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('is not a Companies House number');
    expect(part.getByRole('textbox', { name: /Postcode/ })).toHaveAccessibleDescription(
      'is not a UK postcode',
    );
    expect(part.getByTestId('company-officers-error')).toHaveTextContent(
      'is not an owner of this case',
    );
    // Still the form: nothing was saved.
    expect(part.queryByTestId('company-summary')).toBeNull();
  });

  it('CALLS-26: says why the server refused it (the section closed) above Save', async () => {
    await renderSection(OwnersSection, ANN, () => companyCase(), {
      [`POST ${COMPANY_PATH}`]: () => apiError(409, 'The Owners section is closed.'),
    });
    const part = await companyPart();
    await fillIn(part);
    await userEvent.click(
      within(part.getByRole('group', { name: 'Ann' })).getByRole('checkbox', { name: T.director }),
    );
    await userEvent.click(part.getByRole('button', { name: T.save }));
    expect(await part.findByRole('alert')).toHaveTextContent('The Owners section is closed.');
  });

  it('CALLS-26: shows a recorded company as a summary; Change opens it filled in', async () => {
    await renderSection(OwnersSection, ANN, () => companyCase({ company: COMPANY }));
    const part = await companyPart();
    const summary = part.getByTestId('company-summary');
    const rows = Object.fromEntries(
      within(summary)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      [T.fieldRegisteredName]: 'Smith Holdings Ltd',
      [T.fieldCompanyNumber]: 'SC123456',
      [T.fieldRegisteredOffice]: '2 Castle Street, Canterbury, CT1 2AB',
      [T.fieldDirectors]: 'Ann, Bob',
      [T.fieldGuarantors]: 'Ann',
    });
    await userEvent.click(part.getByRole('button', { name: T.change }));
    const name = part.getByRole('textbox', { name: /Registered name/ });
    expect(name).toHaveValue('Smith Holdings Ltd');
    expect(name).toHaveFocus();
    expect(
      within(part.getByRole('group', { name: 'Bob' })).getByRole('checkbox', {
        name: T.director,
      }),
    ).toBeChecked();
    await userEvent.click(part.getByRole('button', { name: T.cancel }));
    expect(part.getByTestId('company-summary')).toBeInTheDocument();
  });

  it('CALLS-26: a broker changes nothing once the case is the customer’s', async () => {
    await renderSection(OwnersSection, BROKER, () => companyCase({ company: COMPANY }));
    const part = await companyPart();
    expect(part.getByTestId('company-summary')).toBeInTheDocument();
    expect(part.queryByRole('button', { name: T.change })).toBeNull();
  });

  it('CALLS-26: a broker fills it in during the broker stage', async () => {
    await renderSection(OwnersSection, BROKER, () =>
      companyCase({ status: 'BROKER_APPLICATION', propertyOwners: [owner()] }),
    );
    const part = await companyPart();
    expect(part.getByRole('textbox', { name: /Registered name/ })).toBeInTheDocument();
  });
});

describe('a company case’s application (issue 33)', () => {
  const SUBMIT: CaseTransition = {
    name: 'submit_application',
    label: 'Submit application',
    to: 'IDENTITY_VERIFICATION',
    allowed: false,
    reason: DIRECTOR_NEEDED,
    requiresReason: false,
    stepUp: false,
    by: ['customer'],
  };

  /** A company case with everything but the company: Financial Details hidden (REM-APP-25). */
  const serve = () =>
    applicationServer(() =>
      appCase(
        { isCompanyCase: true, company: null },
        withStates({
          'property-details': 'IS_COMPLETE',
          owners: 'IS_COMPLETE',
          'property-alterations': 'IS_COMPLETE',
          'financial-details': 'HIDDEN',
          documents: 'IS_COMPLETE',
        }),
        { readyToSubmit: false, transitions: [SUBMIT] },
      ),
    );

  it('REM-APP-25: the case page does not list Financial Details for a company case', async () => {
    serve();
    renderApp('/remortgaging/1001');
    const sections = await screen.findByRole('list', { name: 'Application sections' });
    expect(within(sections).getByText('Owners')).toBeInTheDocument();
    expect(within(sections).getByText('Property Alterations')).toBeInTheDocument();
    expect(within(sections).queryByText('Financial Details')).toBeNull();
  });

  it('REM-APP-25 / CALLS-26: Review & Submit leaves out Financial Details and says the company is missing', async () => {
    serve();
    renderApp('/remortgaging/1001/application/review-and-submit');
    expect(await screen.findByTestId('submit-why')).toHaveTextContent(DIRECTOR_NEEDED);
    expect(screen.queryByText(/Financial Details/)).toBeNull();
    expect(screen.getByRole('button', { name: REVIEW_TEXTS.submit })).toBeDisabled();
  });
});
