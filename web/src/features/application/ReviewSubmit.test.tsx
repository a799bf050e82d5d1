import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseTransition, Owner, RemortgagingExpanded } from '../../lib/api/types';
import { applicationServer, remCase, withStates } from '../../test/application';
import { REM_TILES_HIDDEN } from '../../test/cases';
import { apiError, json, noContent } from '../../test/fetchMock';
import { makeMe } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { FEEDBACK_TEXTS } from '../feedback';
import { REVIEW_TEXTS } from './texts';

const PATH = '/remortgaging/1001/application/review-and-submit';

const SUBMIT: CaseTransition = {
  name: 'submit_application',
  label: 'Submit application',
  to: 'IDENTITY_VERIFICATION',
  allowed: true,
  reason: null,
  requiresReason: false,
  stepUp: false,
  by: ['customer'],
};

function owner(
  patch: Partial<Owner['user']> = {},
  redacted = false,
  missingFields: Owner['missingFields'] = [],
): Owner {
  return {
    id: 11,
    missingFields,
    isLead: true,
    partyType: 'APPLICANT',
    redacted,
    isUkResident: null,
    identitySubmittedAt: null,
    identityVerifiedAt: null,
    documentAcceptances: [],
    user: {
      id: 'user-1',
      preferredName: 'Ann',
      email: 'ann@example.com',
      phoneNumber: '07700900123',
      dateOfBirth: '1980-01-01',
      legalNames: [{ id: 1, firstName: 'Ann', middleNames: null, surname: 'Smith', until: null }],
      address: { line1: '1 High Street' },
      occupation: null,
      nationalInsuranceNumber: null,
      ...patch,
    },
  };
}

const COMPLETE = withStates({
  'property-details': 'IS_COMPLETE',
  owners: 'IS_COMPLETE',
  'property-alterations': 'IS_COMPLETE',
  'financial-details': 'IS_COMPLETE',
  documents: 'IS_COMPLETE',
});

const submitButton = () => screen.getByRole('button', { name: REVIEW_TEXTS.submit });
const declaration = () => screen.getByRole('checkbox', { name: REVIEW_TEXTS.declaration });

describe('Review & Submit', () => {
  it('REM-APP-33: lists what is missing, and Submit stays disabled until the engine says ready', async () => {
    const { calls } = applicationServer(() =>
      remCase(
        {
          propertyOwners: [
            owner({ phoneNumber: null, dateOfBirth: null, address: { line1: null } }, false, [
              'Phone Number',
              'Date of Birth',
              'Address',
            ]),
            owner({ preferredName: 'Bob', email: null, phoneNumber: null, legalNames: [] }, true),
          ],
        },
        withStates({ 'property-details': 'IS_COMPLETE' }),
        {
          readyToSubmit: false,
          transitions: [
            { ...SUBMIT, allowed: false, reason: 'The owners section is not complete.' },
          ],
        },
      ),
    );
    renderApp(PATH);
    const missing = await screen.findByTestId('missing-items');
    expect(within(missing).getByText('Owners is not complete')).toBeInTheDocument();
    expect(within(missing).getByText('Property Alterations is not complete')).toBeInTheDocument();
    expect(within(missing).queryByText(/Property Details is not complete/)).toBeNull();
    // Transfer of Equity is hidden for this case: not listed.
    expect(within(missing).queryByText(/Transfer of Equity/)).toBeNull();
    expect(
      within(missing).getByText('Ann Smith: Phone Number, Date of Birth, Address missing'),
    ).toBeInTheDocument();
    // The redacted co-owner counts as valid (§5).
    expect(within(missing).queryByText(/Bob/)).toBeNull();
    expect(screen.getByTestId('submit-why')).toHaveTextContent(
      'The owners section is not complete.',
    );
    expect(submitButton()).toBeDisabled();
    expect(calls.some((c) => c.path === '/api/remortgaging/1001/submit')).toBe(false);
  });

  it('every section has its summary and an Edit link', async () => {
    applicationServer(() =>
      remCase(
        {
          hasAlterations: true,
          alterations: [
            {
              id: 7,
              alterationType: 'EXTENSION',
              completedOn: '2020-06-15',
              documentsHeldBy: 'OWNER',
            },
            { id: 8, alterationType: 'LOFT', completedOn: null, documentsHeldBy: 'SOLICITOR' },
          ],
          hasLoans: true,
          loans: [{ id: 5, chargeType: 'MORTGAGE', lenderName: 'Halifax', amount: null }],
          property: { ...remCase().property, landOwnership: 'JOINT_TENANCY' },
        },
        COMPLETE,
        { readyToSubmit: true, transitions: [SUBMIT] },
      ),
    );
    renderApp(PATH);
    const property = await screen.findByRole('region', { name: 'Property Details' });
    expect(within(property).getByText('Joint tenants')).toBeInTheDocument();
    expect(within(property).getByText('Terraced house')).toBeInTheDocument();
    expect(within(property).getByRole('link', { name: 'Edit Property Details' })).toHaveAttribute(
      'href',
      '/remortgaging/1001/application/property-details',
    );
    // Each alteration and charge is numbered in the singular ('Alteration 1', not 'Alterations
    // 1'), its type in the same words as everywhere else.
    const alterations = screen.getByRole('region', { name: 'Property Alterations' });
    const term = (region: HTMLElement, text: string) =>
      within(region).getByText(text, { selector: 'dt' }).nextElementSibling;
    expect(term(alterations, 'Alteration 1')).toHaveTextContent(
      'Extension, Completed 15/06/2020, Documents held by: An owner (you or a co-owner)',
    );
    expect(term(alterations, 'Alteration 2')).toHaveTextContent(
      'Loft conversion, Documents held by: A solicitor',
    );
    expect(within(alterations).queryByText(/^Alterations \d/)).toBeNull();
    const loans = screen.getByRole('region', { name: 'Financial Details' });
    expect(term(loans, 'Charge 1')).toHaveTextContent('Mortgage, Lender: Halifax');
    expect(screen.getByRole('link', { name: 'Edit Key Facts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Transfer of Equity' })).toBeNull();
    expect(screen.getByText(REVIEW_TEXTS.nothingMissing)).toBeInTheDocument();
  });

  it('REM-APP-34: everything complete but the engine not ready (e.g. NO_LENDER) → still disabled', async () => {
    applicationServer(() =>
      remCase({ newLender: 'NO_LENDER' }, COMPLETE, {
        readyToSubmit: false,
        transitions: [{ ...SUBMIT, allowed: false, reason: 'A new lender must be chosen.' }],
      }),
    );
    renderApp(PATH);
    await screen.findByTestId('missing-items');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('submit-why')).toHaveTextContent('A new lender must be chosen.');
  });

  it('a broker sees the summary but cannot submit', async () => {
    applicationServer(
      () => remCase({}, COMPLETE, { readyToSubmit: true, transitions: [] }),
      {},
      makeMe({ role: 'ROLE_BROKER' }),
    );
    renderApp(PATH);
    await screen.findByTestId('missing-items');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('submit-why')).toHaveTextContent(REVIEW_TEXTS.brokerCannotSubmit);
  });

  it('REM-APP-36 FEEDBACK-02: submits, goes to the case, and asks for feedback on SUBMIT_APPLICATION', async () => {
    let current: RemortgagingExpanded = remCase({}, COMPLETE, {
      readyToSubmit: true,
      transitions: [SUBMIT],
    });
    const { calls } = applicationServer(() => current, {
      'POST /api/remortgaging/1001/submit': () => {
        const hidden = COMPLETE.map(([k, l]) => [k, l, 'HIDDEN'] as (typeof COMPLETE)[number]);
        current = remCase({ status: 'IDENTITY_VERIFICATION' }, hidden, {
          status: 'IDENTITY_VERIFICATION',
          submitted: true,
          tiles: REM_TILES_HIDDEN.map(([key, label]) => ({ key, label, state: 'NOT_STARTED' })),
        });
        return json({ caseId: 1001, caseType: 'REMORTGAGING', status: 'IDENTITY_VERIFICATION' });
      },
      'POST /api/feedback': () => noContent(),
    });
    const { router } = renderApp(PATH);
    await screen.findByTestId('missing-items');
    await userEvent.click(declaration());
    expect(submitButton()).toBeEnabled();
    await userEvent.click(submitButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging/1001'));
    // Issue 26: the declaration travels with the submit, for the server to record.
    const submitted = calls.find((c) => c.path === '/api/remortgaging/1001/submit');
    expect(JSON.parse(submitted?.body ?? '{}')).toEqual({ declarationConfirmed: true });
    const dialog = await screen.findByRole('dialog', { name: FEEDBACK_TEXTS.title });
    await userEvent.click(within(dialog).getByRole('button', { name: FEEDBACK_TEXTS.dismiss }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/feedback')).toBe(true));
    const feedback = calls.find((c) => c.path === '/api/feedback');
    expect(JSON.parse(feedback?.body ?? '{}')).toEqual({
      caseType: 'REMORTGAGING',
      caseId: 1001,
      feedbackPoint: 'SUBMIT_APPLICATION',
      rating: null,
      message: '',
    });
  });

  it('issue 26: Submit stays disabled until the customer ticks the declaration', async () => {
    const { calls } = applicationServer(() =>
      remCase({}, COMPLETE, { readyToSubmit: true, transitions: [SUBMIT] }),
    );
    renderApp(PATH);
    await screen.findByTestId('missing-items');
    expect(declaration()).not.toBeChecked();
    expect(submitButton()).toBeDisabled();
    expect(screen.getByText(REVIEW_TEXTS.declarationNeeded)).toBeInTheDocument();
    await userEvent.click(declaration());
    expect(submitButton()).toBeEnabled();
    await userEvent.click(declaration());
    expect(submitButton()).toBeDisabled();
    expect(calls.some((c) => c.path === '/api/remortgaging/1001/submit')).toBe(false);
  });

  it('a refused submit (409) shows the engine reason and stays', async () => {
    applicationServer(() => remCase({}, COMPLETE, { readyToSubmit: true, transitions: [SUBMIT] }), {
      'POST /api/remortgaging/1001/submit': () =>
        apiError(409, 'The buy-to-let documents are not uploaded.'),
    });
    const { router } = renderApp(PATH);
    await screen.findByTestId('missing-items');
    await userEvent.click(declaration());
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The buy-to-let documents are not uploaded.',
    );
    expect(router.state.location.pathname).toBe(PATH);
  });
});
