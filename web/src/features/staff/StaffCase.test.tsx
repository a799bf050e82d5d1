import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expanded } from '../../test/cases';
import { apiError, json, noContent, type Handler } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { formatDateTime } from '../../lib/format';
import {
  BUYING_SECTIONS,
  CONVEYANCER,
  MEMBERS,
  staffCase,
  staffServer,
  transition,
  upload,
} from '../../test/staff';
import { todayIso } from '../application';
import { documentTexts } from './documentTexts';
import { STAFF_TEXTS } from './texts';
import type { StaffCase } from './types';

const mermaid = vi.hoisted(() => ({
  initialize: vi.fn(),
  render: vi.fn(),
}));
vi.mock('mermaid', () => ({ default: mermaid }));

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80" style="max-width: 120px"><g/></svg>';
const CASE_PATH = '/api/staff/cases/remortgaging/1001';

beforeEach(() => {
  mermaid.initialize.mockReset();
  mermaid.render.mockReset();
  mermaid.render.mockResolvedValue({ svg: SVG });
});

function error(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/** The case, answering `after` once a transition has been taken. */
function server(routes: Record<string, Handler> = {}, after?: StaffCase) {
  let moved = false;
  const result = staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(moved && after ? after : staffCase()),
    [`POST ${CASE_PATH}/transition`]: () => {
      moved = true;
      return json({ status: after?.status ?? 'CUSTOMER_APPLICATION' });
    },
    ...routes,
  });
  return result;
}

async function openCase(path = '/staff/cases/remortgaging/1001') {
  const app = renderApp(path);
  await screen.findByRole('heading', {
    level: 1,
    name: '1 High Street, Canterbury, Kent, CT1 1AA',
  });
  return app;
}

/** Opens a closed part of the page (the audit trail, the workflow, a group of answers). */
const open = (title: string) => userEvent.click(screen.getByRole('button', { name: title }));

const transitionPosts = (calls: ReturnType<typeof server>['calls']) =>
  calls
    .filter((c) => c.method === 'POST' && c.path === `${CASE_PATH}/transition`)
    .map((c) => JSON.parse(c.body!));

describe('the staff case page', () => {
  it('heading, status chip, waiting on, documents, audit trail and CSV, the drawn workflow', async () => {
    server();
    await openCase();
    expect(screen.getByTestId('case-status')).toHaveTextContent('Identity Verification');
    expect(screen.getByText('Us')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the work queue' })).toHaveAttribute(
      'href',
      '/staff',
    );
    // Documents: uploaded ones here, each downloadable; the firm's in 'Documents we issue'.
    const documents = screen.getByRole('region', { name: 'Uploaded documents' });
    expect(
      within(documents).getByRole('link', { name: 'Download Mortgage statement' }),
    ).toHaveAttribute('href', '/api/document/31');
    const issued = screen.getByRole('region', { name: 'Documents we issue' });
    expect(
      within(issued).getByRole('link', { name: 'Open mortgage report (draft)' }),
    ).toHaveAttribute('href', '/api/document/32');
    expect(within(issued).getByText('Draft')).toBeInTheDocument();
    // The audit trail, closed until opened, newest first, with the reason; its CSV.
    expect(screen.queryByRole('region', { name: 'Audit trail' })).toBeNull();
    await open('Audit trail');
    const audit = screen.getByRole('region', { name: 'Audit trail' });
    const rows = within(within(audit).getByRole('table')).getAllByRole('row');
    expect(within(rows[1]).getByText('Document uploaded')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sam Smith (Customer)')).toBeInTheDocument();
    expect(
      within(rows[2]).getByText('Moved from Identity Verification to Customer Application'),
    ).toBeInTheDocument();
    expect(within(rows[2]).getByText('Connie Conveyancer (Conveyancer)')).toBeInTheDocument();
    expect(within(rows[2]).getByText('The mortgage statement is unreadable.')).toBeInTheDocument();
    expect(within(audit).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/cases/remortgaging/1001/audit.csv',
    );
    // The workflow: closed until opened; mermaid, loaded on demand, strict.
    expect(screen.queryByRole('region', { name: 'Workflow' })).toBeNull();
    expect(document.querySelector('[data-testid="workflow-diagram"]')).toBeNull();
    expect(mermaid.render).not.toHaveBeenCalled();
    await open('Workflow');
    const diagram = await screen.findByRole('img', { name: /workflow/ });
    expect(diagram.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,/);
    expect(decodeURIComponent(diagram.getAttribute('src')!)).toContain('width="120"');
    expect(mermaid.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ startOnLoad: false, securityLevel: 'strict' }),
    );
    expect(mermaid.render).toHaveBeenCalledWith(expect.any(String), staffCase().diagram);
    // Large workflows: full size in a scroll box that takes keyboard focus.
    await userEvent.click(screen.getByRole('button', { name: 'Show full size' }));
    expect(screen.getByRole('region', { name: 'Workflow diagram, full size' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.getByRole('button', { name: 'Fit to width' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('every uploaded file says who uploaded it, as whom (customer, broker, the firm) and when', async () => {
    const base = staffCase();
    const doc = (documentId: number, documentType: string) => ({
      documentId,
      documentType,
      url: `/document/${documentId}`,
    });
    const withUploads: StaffCase = {
      ...base,
      expanded: {
        ...base.expanded,
        documents: {
          ...base.expanded.documents,
          documents: [
            doc(31, 'MORTGAGE_STATEMENT'),
            doc(35, 'BANK_STATEMENT'),
            doc(36, 'MORTGAGE_OFFER'),
            doc(37, 'BANK_STATEMENT'),
          ],
        },
      } as StaffCase['expanded'],
      uploads: [
        upload(31, 'MORTGAGE_STATEMENT', '2026-03-04T10:00:00Z'),
        upload(35, 'BANK_STATEMENT', '2026-03-05T11:30:00Z', {
          uploadedByName: 'Bob Broker',
          uploadedByRole: 'ROLE_BROKER',
          uploadedAs: 'broker',
        }),
        upload(36, 'MORTGAGE_OFFER', '2026-03-06T09:15:00Z', {
          uploadedByName: 'Connie Conveyancer',
          uploadedByRole: 'ROLE_CONVEYANCER',
          uploadedAs: 'firm',
        }),
        upload(37, 'BANK_STATEMENT', '2026-03-07T08:00:00Z', {
          uploadedByName: null,
          uploadedByRole: null,
        }),
      ],
    };
    staffServer(CONVEYANCER, { [`GET ${CASE_PATH}`]: () => json(withUploads) });
    await openCase();
    const documents = screen.getByRole('region', { name: 'Uploaded documents' });
    const uploadedBy = (id: number) =>
      within(documents.querySelector<HTMLElement>(`[data-document="${id}"]`)!).getByTestId(
        'uploaded-by',
      ).textContent;
    const at = (iso: string) => formatDateTime(iso);
    expect(uploadedBy(31)).toBe(
      documentTexts.uploadedBy('Sam Smith', 'Customer', at('2026-03-04T10:00:00Z')),
    );
    expect(uploadedBy(35)).toBe(
      documentTexts.uploadedBy('Bob Broker', 'Broker', at('2026-03-05T11:30:00Z')),
    );
    expect(uploadedBy(36)).toBe(
      documentTexts.uploadedBy('Connie Conveyancer', 'Threshold', at('2026-03-06T09:15:00Z')),
    );
    expect(uploadedBy(37)).toBe(
      `Uploaded by a former user (Customer), ${at('2026-03-07T08:00:00Z')}`,
    );
    expect(uploadedBy(36)).toMatch(
      /^Uploaded by Connie Conveyancer \(Threshold\), \d{2}\/\d{2}\/2026 \d{2}:\d{2}$/,
    );
  });

  it('a diagram that cannot be drawn shows its source instead', async () => {
    mermaid.render.mockRejectedValue(new Error('Parse error'));
    server();
    await openCase();
    await open('Workflow');
    expect(
      await screen.findByText('The diagram could not be drawn. Its source is below.'),
    ).toBeInTheDocument();
    const details = screen.getByText('Diagram source').closest('details')!;
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent('class IDENTITY_VERIFICATION current');
  });

  it('a step that is not allowed is disabled, with its reason beside it', async () => {
    server();
    await openCase();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    const blocked = within(steps).getByRole('button', { name: 'Identities verified' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('Not every owner has verified their identity yet.');
    expect(within(steps).getByRole('button', { name: 'Return to customer' })).toBeEnabled();
  });

  it('leads with the steps forward; setting the case back is secondary and cancelling is under More actions (issue 26.13)', async () => {
    server({
      [`GET ${CASE_PATH}`]: () =>
        json(
          staffCase({
            transitions: [
              transition(),
              transition({
                name: 'identity_verified',
                label: 'Identities verified',
                to: 'AWAITING_MORTGAGE_OFFER',
                requiresReason: false,
              }),
              transition({ name: 'cancel', label: 'Cancel case', to: 'CANCELLED', stepUp: true }),
            ],
          }),
        ),
    });
    await openCase();
    // 'Next steps' comes before the application's answers.
    const steps = screen.getByRole('region', { name: 'Next steps' });
    const answers = screen.getByRole('region', { name: 'The application' });
    expect(steps.compareDocumentPosition(answers) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const buttons = within(steps).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Identities verified',
      'Return to customer',
      'More actions',
    ]);
    expect(buttons[0]).toHaveClass('MuiButton-contained');
    expect(buttons[1]).toHaveClass('MuiButton-outlined');
    expect(within(steps).queryByRole('button', { name: 'Cancel case' })).toBeNull();
    await userEvent.click(buttons[2]);
    expect(screen.getByRole('menuitem', { name: 'Cancel case' })).toBeInTheDocument();
  });

  it("a step that keeps the status says so, not 'from Pending Completion to Pending Completion' (issue 26.13)", async () => {
    server({
      [`GET ${CASE_PATH}`]: () =>
        json(
          staffCase({
            status: 'PENDING_COMPLETION',
            chip: { colour: 'AMBER', label: 'Pending Completion', showWarningIcon: false },
            transitions: [
              transition({
                name: 'agree_completion_date',
                label: 'Agree the completion date',
                to: 'PENDING_COMPLETION',
                requiresReason: false,
                asksFor: 'COMPLETION_DATE',
              }),
            ],
          }),
        ),
    });
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'Agree the completion date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agree the completion date' });
    expect(dialog).toHaveAccessibleDescription('The case stays at Pending Completion.');
  });

  it("'Mark as completed' before the agreed date warns with that date and must be confirmed (issue 26.13)", async () => {
    const complete = transition({
      name: 'complete',
      label: 'Mark as completed',
      to: 'COMPLETED',
      requiresReason: false,
      recordsCompletionDate: true,
    });
    const base = staffCase();
    const { calls } = server(
      {
        [`GET ${CASE_PATH}`]: () =>
          json(
            staffCase({
              status: 'PENDING_COMPLETION',
              chip: { colour: 'AMBER', label: 'Pending Completion', showWarningIcon: false },
              expanded: { ...base.expanded, completionDate: '2099-07-01' },
              transitions: [complete],
            }),
          ),
      },
      staffCase({
        status: 'COMPLETED',
        chip: { colour: 'GREEN', label: 'Completed', showWarningIcon: false },
        transitions: [],
      }),
    );
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'Mark as completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as completed' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The agreed completion date is 01/07/2099.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Confirm that the case completed early, or go back'),
    ).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([]);
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: /completed before the agreed date/ }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved to Completed')).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([
      { transition: 'complete', earlyCompletionConfirmed: true },
    ]);
  });

  it('a step needing a reason asks for it, posts it, refetches and says where the case went', async () => {
    const after = staffCase({
      status: 'CUSTOMER_APPLICATION',
      chip: { colour: 'AMBER', label: 'Customer Application', showWarningIcon: true },
      transitions: [],
    });
    const { calls } = server({}, after);
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'Return to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return to customer' });
    expect(within(dialog).queryByLabelText(/Code from your app/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  The statement is unreadable ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved to Customer Application')).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([
      { transition: 'return_application', reason: 'The statement is unreadable' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Return to customer' })).toBeNull(),
    );
    expect(screen.getByTestId('case-status')).toHaveTextContent('Customer Application');
    expect(screen.getByText('There is nothing to do on this case now.')).toBeInTheDocument();
  });

  it('a step-up step asks for a code from the app as well, and posts both', async () => {
    const { calls } = server(
      {},
      staffCase({
        status: 'CANCELLED',
        chip: { colour: 'RED', label: 'Cancelled', showWarningIcon: false },
        transitions: [],
      }),
    );
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel case' });
    const code = within(dialog).getByLabelText(/Code from your app/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Customer withdrew');
    await userEvent.type(code, '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Enter the 6-digit code from your app'),
    ).toBeInTheDocument();
    await userEvent.type(code, '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved to Cancelled')).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([
      { transition: 'cancel', reason: 'Customer withdrew', code: '123456' },
    ]);
  });

  it('ELIG-03/04: a refused case is taken on with a reason and a fresh code, one step for whoever started it (issue 33)', async () => {
    const takeOn = (name: string, allowed: boolean, reason: string | null) =>
      transition({
        name,
        label: 'Take on this case',
        to: name === 'take_on_for_broker' ? 'BROKER_APPLICATION' : 'CUSTOMER_APPLICATION',
        allowed,
        reason,
        stepUp: true,
      });
    const refused = staffCase({
      status: 'INELIGIBLE',
      chip: { colour: 'RED', label: 'Ineligible', showWarningIcon: false },
      transitions: [
        takeOn('take_on_for_broker', true, null),
        takeOn('take_on_for_customer', false, 'The case was started by a broker.'),
        transition({ name: 'cancel', label: 'Cancel case', to: 'CANCELLED', stepUp: true }),
      ],
    });
    const { calls } = server(
      { [`GET ${CASE_PATH}`]: () => json(refused) },
      staffCase({
        status: 'BROKER_APPLICATION',
        chip: { colour: 'AMBER', label: 'Broker Application', showWarningIcon: false },
        transitions: [],
      }),
    );
    await openCase();
    const steps = screen.getByRole('region', { name: 'Next steps' });
    // Only the step that can be taken, as the step forward it is.
    const buttons = within(steps).getAllByRole('button', { name: 'Take on this case' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toBeEnabled();
    expect(buttons[0]).toHaveClass('MuiButton-contained');
    expect(within(steps).queryByText('The case was started by a broker.')).toBeNull();
    await userEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Take on this case' });
    expect(dialog).toHaveTextContent('Broker Application');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Reviewed: the lender lends');
    await userEvent.type(within(dialog).getByLabelText(/Code from your app/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(transitionPosts(calls)).toEqual([
        { transition: 'take_on_for_broker', reason: 'Reviewed: the lender lends', code: '123456' },
      ]),
    );
  });

  it("the engine's refusal (409) is shown in the dialog as it says it", async () => {
    server({
      [`POST ${CASE_PATH}/transition`]: () =>
        error(409, 'transition_refused', 'The case has moved on since you opened it.'),
    });
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'Return to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return to customer' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Because');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('The case has moved on since you opened it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Return to customer' })).toBeInTheDocument();
  });

  it('field problems (422) and a refused step-up code (403) are shown on their fields', async () => {
    let n = 0;
    server({
      [`POST ${CASE_PATH}/transition`]: () =>
        ++n === 1
          ? error(422, 'validation_failed', 'Invalid', { reason: 'Say a little more' })
          : error(403, 'step_up_required', 'That code is not right, or has been used already'),
    });
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cancel case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel case' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'No');
    await userEvent.type(within(dialog).getByLabelText(/Code from your app/), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Say a little more')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('That code is not right, or has been used already'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Code from your app/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('agreeing the completion date asks for it (required, today or later), posts it and shows it', async () => {
    const agree = transition({
      name: 'agree_completion_date',
      label: 'Agree the completion date',
      to: 'PENDING_COMPLETION',
      requiresReason: false,
      asksFor: 'COMPLETION_DATE',
    });
    const pending = (completionDate: string | null, transitions = [agree]) => {
      const base = staffCase();
      return staffCase({
        status: 'PENDING_COMPLETION',
        chip: { colour: 'AMBER', label: 'Pending Completion', showWarningIcon: false },
        expanded: { ...base.expanded, status: 'PENDING_COMPLETION', completionDate },
        transitions,
      });
    };
    let n = 0;
    let agreed = false;
    const { calls } = server({
      [`GET ${CASE_PATH}`]: () => json(agreed ? pending('2099-07-01', []) : pending(null)),
      [`POST ${CASE_PATH}/transition`]: () => {
        if (++n === 1) {
          return error(422, 'validation_failed', 'Invalid', {
            completionDate: 'must be today or later',
          });
        }
        agreed = true;
        return json({ status: 'PENDING_COMPLETION' });
      },
    });
    await openCase();
    await userEvent.click(screen.getByRole('button', { name: 'Agree the completion date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agree the completion date' });
    const date = within(dialog).getByLabelText(/Completion date/);
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toBeRequired();
    expect(date).toHaveAttribute('min', todayIso());
    expect(within(dialog).queryByLabelText(/Reason/)).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(STAFF_TEXTS.completionDateRequired)).toBeInTheDocument();
    fireEvent.change(date, { target: { value: '2000-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(STAFF_TEXTS.completionDatePast)).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([]);

    fireEvent.change(date, { target: { value: '2099-07-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // The server's own refusal goes under the field.
    expect(await within(dialog).findByText('must be today or later')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Moved to Pending Completion')).toBeInTheDocument();
    expect(transitionPosts(calls)).toEqual([
      { transition: 'agree_completion_date', completionDate: '2099-07-01' },
      { transition: 'agree_completion_date', completionDate: '2099-07-01' },
    ]);
    // The agreed date is among the case's key facts.
    const facts = await screen.findByRole('region', { name: 'Key Facts' });
    await waitFor(() =>
      expect(within(facts).getByText('Completion date').nextSibling).toHaveTextContent(
        '01/07/2099',
      ),
    );
  });

  it("'Assigned to' saves the choice at once", async () => {
    let assignee: StaffCase['assignee'] = null;
    const { calls } = server({
      [`GET ${CASE_PATH}`]: () => json(staffCase({ assignee })),
      [`POST ${CASE_PATH}/assignee`]: async (request) => {
        const { userId } = (await request.json()) as { userId: string | null };
        assignee = userId ? { id: userId, name: 'Adam Admin', role: 'ROLE_ADMIN' } : null;
        return noContent();
      },
    });
    await openCase();
    const select = screen.getByLabelText('Assigned to');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Adam Admin' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(select, 'Adam Admin');
    expect(await screen.findByText('Assigned to Adam Admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Assigned to')).toHaveValue(MEMBERS[1].id);
    await userEvent.selectOptions(screen.getByLabelText('Assigned to'), 'Unassigned');
    expect(
      await screen.findByText('Unassigned', { selector: '#notistack-snackbar' }),
    ).toBeInTheDocument();
    const posts = calls
      .filter((c) => c.path === `${CASE_PATH}/assignee`)
      .map((c) => JSON.parse(c.body!));
    expect(posts).toEqual([{ userId: MEMBERS[1].id }, { userId: null }]);
  });

  it.each([
    '/staff/cases/remortgaging/999',
    '/staff/cases/remortgaging/abc',
    '/staff/cases/lettings/1',
  ])('an unknown case (%s) is the 404 page', async (path) => {
    server({ 'GET /api/staff/cases/remortgaging/999': () => apiError(404, 'No such case') });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/staff',
    );
  });

  it('a buying case shows its buyers and asks the buying path', async () => {
    const { calls } = server({
      'GET /api/staff/cases/buying/2002': () =>
        json(
          staffCase({
            id: 2002,
            caseType: 'BUYING',
            expanded: expanded('BUYING', BUYING_SECTIONS, [], 2002),
          }),
        ),
    });
    renderApp('/staff/cases/buying/2002');
    await screen.findByRole('heading', {
      level: 1,
      name: '1 High Street, Canterbury, Kent, CT1 1AA',
    });
    expect(screen.getByRole('button', { name: 'Buyer Details' })).toBeInTheDocument();
    expect(screen.getAllByText('£400,000.00').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.path === '/api/staff/cases/buying/2002')).toBe(true);
  });
});
