import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fakeXhr';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffCase, staffServer } from '../../test/staff';
import { todayIso } from '../application';
import type { StaffCase, StaffTask } from './types';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/remortgaging/1001';
const TASK_PATH = `${CASE_PATH}/tasks/registration_applied`;

beforeEach(() => {
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

function task(name: string, label: string, patch: Partial<StaffTask> = {}): StaffTask {
  return {
    name,
    label,
    state: 'OPEN',
    dueOn: null,
    overdue: false,
    evidence: null,
    evidenceUploaded: false,
    referenceLabel: null,
    referenceIs: 'TEXT',
    waitingFor: [],
    before: [],
    afterCompletion: true,
    unmet: null,
    done: null,
    provider: null,
    ...patch,
  };
}

const DISCHARGED = task(
  'old_charge_discharged',
  "Old lender's mortgage discharged (DS1 or e-DS1)",
  {
    state: 'DONE',
    done: {
      task: 'old_charge_discharged',
      reference: null,
      note: 'e-DS1 from Halifax',
      doneAt: '2026-12-02T10:00:00Z',
      doneByName: 'Connie Conveyancer',
    },
  },
);
const APPLIED = task(
  'registration_applied',
  'New mortgage sent for registration at HM Land Registry (AP1)',
  { dueOn: '2026-12-22', referenceLabel: 'HM Land Registry application reference' },
);
const REGISTERED = task(
  'registration_completed',
  'Registration completed: the new title register',
  {
    state: 'WAITING',
    evidence: 'TITLE_REGISTER',
    referenceLabel: 'Title number',
    waitingFor: ['New mortgage sent for registration at HM Land Registry (AP1)'],
  },
);

/** The case with these tasks; a task's POST answers `answers` in turn. */
function server(tasks: StaffTask[], answers: Response[] = []) {
  const state = { current: staffCase({ tasks }) as StaffCase };
  const result = staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(state.current),
    [`POST ${TASK_PATH}`]: () => answers.shift() ?? json({ tasks: [] }),
  });
  const posts = () => result.calls.filter((c) => c.method === 'POST' && c.path === TASK_PATH);
  return { ...result, state, posts };
}

async function openTasks() {
  renderApp('/staff/cases/remortgaging/1001');
  return within(await screen.findByRole('region', { name: 'Legal file' }));
}

describe("the back office's legal file (issue 29)", () => {
  it('lists each task with its state, due date, who did it and what it waits for', async () => {
    server([DISCHARGED, { ...APPLIED, overdue: true }, REGISTERED]);
    const panel = await openTasks();
    const items = panel.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Done');
    expect(items[0]).toHaveTextContent('by Connie Conveyancer');
    expect(items[0]).toHaveTextContent('e-DS1 from Halifax');
    expect(items[1]).toHaveTextContent('Overdue: due 22/12/2026');
    expect(items[2]).toHaveTextContent(
      'Waits for: New mortgage sent for registration at HM Land Registry (AP1)',
    );
    // Only the open task may be recorded.
    expect(panel.getAllByRole('button', { name: 'Record as done' })).toHaveLength(1);
  });

  it('says which step a task is needed before, until it is done', async () => {
    const before = ['Mark as completed'];
    server([
      task('priority_search', 'Priority search of the register (OS1)', { before }),
      task('bankruptcy_search', 'Bankruptcy search against every owner (K16)', {
        before,
        state: 'DONE',
        done: { ...DISCHARGED.done!, task: 'bankruptcy_search', note: null },
      }),
    ]);
    const items = (await openTasks()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Needed before: Mark as completed');
    expect(items[1]).not.toHaveTextContent('Needed before');
  });

  it('says what the case lacks before an open task may be recorded, and waits for it', async () => {
    const lacking =
      'The client ledger holds £0.00 for the buyers: record the exchange deposit of £30,000.00 received first.';
    server([
      task('exchange_deposit_held', 'Exchange deposit held in the client account', {
        unmet: lacking,
      }),
    ]);
    const items = (await openTasks()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(lacking);
    expect(within(items[0]).getByRole('button', { name: 'Record as done' })).toBeDisabled();
  });

  it('records a task with its reference and note, and shows the refusal on the field', async () => {
    const s = server(
      [DISCHARGED, APPLIED, REGISTERED],
      [
        json(
          {
            error: {
              code: 'invalid_fields',
              message: 'Some fields are not valid.',
              fields: { reference: 'must be at most 64 letters, digits, spaces, - or /' },
            },
          },
          422,
        ),
      ],
    );
    const panel = await openTasks();
    await userEvent.click(panel.getByRole('button', { name: 'Record as done' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Record as done/ }));
    // Checked before sending: the reference is required.
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    expect(
      await dialog.findByText('Enter the HM Land Registry application reference'),
    ).toBeInTheDocument();
    await userEvent.type(
      dialog.getByRole('textbox', { name: /HM Land Registry application reference/ }),
      'PR-1234/567',
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: 'Note (optional)' }),
      'Sent by portal',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    expect(
      await dialog.findByText('must be at most 64 letters, digits, spaces, - or /'),
    ).toBeInTheDocument();
    expect(JSON.parse(s.posts()[0].body!)).toEqual({
      reference: 'PR-1234/567',
      note: 'Sent by portal',
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /^Record as done/ })).toBeNull(),
    );
    expect(
      await screen.findByText(
        'Recorded: New mortgage sent for registration at HM Land Registry (AP1)',
      ),
    ).toBeInTheDocument();
    expect(s.posts()).toHaveLength(2);
  });

  it("records an OS1's priority expiry as a date, today or later, and shows it as a date", async () => {
    const os1 = task('priority_search', 'Priority search of the register (OS1)', {
      afterCompletion: false,
      referenceLabel: 'Priority expires on',
      referenceIs: 'EXPIRY_DATE',
    });
    const path = `${CASE_PATH}/tasks/priority_search`;
    const done = {
      ...os1,
      state: 'DONE' as const,
      done: { ...DISCHARGED.done!, task: 'priority_search', reference: '2027-01-15', note: null },
    };
    const result = staffServer(CONVEYANCER, {
      [`GET ${CASE_PATH}`]: () => json(staffCase({ tasks: [os1] })),
      [`POST ${path}`]: () => json({ tasks: [done] }),
    });
    const panel = await openTasks();
    await userEvent.click(panel.getByRole('button', { name: 'Record as done' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Record as done/ }));
    const expiry = dialog.getByLabelText(/Priority expires on/);
    expect(expiry).toHaveAttribute('type', 'date');
    expect(expiry).toHaveAttribute('min', todayIso());
    await userEvent.type(expiry, '2020-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    expect(
      await dialog.findByText('This date has passed: enter the expiry shown on the certificate'),
    ).toBeInTheDocument();
    expect(result.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2099-01-15');
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    await waitFor(() =>
      expect(result.calls.filter((c) => c.method === 'POST' && c.path === path)).toHaveLength(1),
    );
    const post = result.calls.find((c) => c.method === 'POST' && c.path === path)!;
    expect(JSON.parse(post.body!)).toEqual({ reference: '2099-01-15' });
  });

  it('records the exchange with the completion date it fixes, today or later', async () => {
    const s = server([
      task('contracts_exchanged', 'Contracts exchanged', {
        afterCompletion: false,
        referenceLabel: 'Completion date fixed by the contract',
        referenceIs: 'COMPLETION_DATE',
      }),
    ]);
    const panel = await openTasks();
    await userEvent.click(panel.getByRole('button', { name: 'Record as done' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Record as done/ }));
    const fixed = dialog.getByLabelText(/Completion date fixed by the contract/);
    expect(fixed).toHaveAttribute('type', 'date');
    expect(
      dialog.getByText('The buyers are told it, and it becomes the agreed completion date.'),
    ).toBeInTheDocument();
    await userEvent.type(fixed, '2020-01-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
    expect(
      await dialog.findByText('This date has passed: enter the completion date in the contract'),
    ).toBeInTheDocument();
    expect(s.posts()).toHaveLength(0);
  });

  it('shows a recorded expiry as a date', async () => {
    server([
      task('priority_search', 'Priority search of the register (OS1)', {
        referenceLabel: 'Priority expires on',
        referenceIs: 'EXPIRY_DATE',
        state: 'DONE',
        done: { ...DISCHARGED.done!, task: 'priority_search', reference: '2027-01-15', note: null },
      }),
    ]);
    const items = (await openTasks()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Priority expires on: 15/01/2027');
  });

  it('before completion the tasks are only what lies ahead, closed until opened', async () => {
    server([
      task('old_charge_discharged', "Old lender's mortgage discharged (DS1 or e-DS1)", {
        state: 'AHEAD',
      }),
    ]);
    renderApp('/staff/cases/remortgaging/1001');
    const toggle = await screen.findByRole('button', { name: 'Legal file' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  describe("sanctions and PEP screening through the firm's provider", () => {
    const SCREENING = task(
      'sanctions_and_pep_screening',
      'Sanctions and PEP screening of every owner',
      {
        afterCompletion: false,
        evidence: 'SCREENING_REPORT',
        provider: 'SCREENING',
      },
    );
    const SCREEN_PATH = `${CASE_PATH}/screening`;

    function screeningServer(
      answer: () => Response,
      provider: string | null = 'OPENSANCTIONS',
      tasks: StaffTask[] = [SCREENING],
    ) {
      const state = {
        current: staffCase({ tasks, screeningProvider: provider }) as StaffCase,
      };
      const result = staffServer(CONVEYANCER, {
        [`GET ${CASE_PATH}`]: () => json(state.current),
        [`POST ${SCREEN_PATH}`]: answer,
      });
      return { ...result, state };
    }

    it('without a provider the firm uploads its own report', async () => {
      screeningServer(() => json({}), null);
      const panel = await openTasks();
      expect(
        panel.getByLabelText('Upload the Sanctions and PEP screening report'),
      ).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: 'Screen with OpenSanctions' })).toBeNull();
    });

    it('offers the provider only on the task the workflow file gives it', async () => {
      screeningServer(() => json({}), 'OPENSANCTIONS', [{ ...SCREENING, provider: null }]);
      const panel = await openTasks();
      expect(
        panel.getByLabelText('Upload the Sanctions and PEP screening report'),
      ).toBeInTheDocument();
      expect(panel.queryByRole('button', { name: 'Screen with OpenSanctions' })).toBeNull();
    });

    it('screens every client in one step; nobody matching records the task', async () => {
      const done = {
        ...SCREENING,
        state: 'DONE' as const,
        evidenceUploaded: true,
        done: {
          ...DISCHARGED.done!,
          task: SCREENING.name,
          note: 'Screened with OpenSanctions: no match for any of the 1 clients.',
        },
      };
      const { calls, state } = screeningServer(() => {
        state.current = staffCase({ tasks: [done], screeningProvider: 'OPENSANCTIONS' });
        return json({
          provider: 'OPENSANCTIONS',
          clients: [{ name: 'Ann Smith', matches: [] }],
          documentId: 90,
          taskDone: true,
          tasks: [done],
        });
      });
      const panel = await openTasks();
      await userEvent.click(panel.getByRole('button', { name: 'Screen with OpenSanctions' }));
      await waitFor(() =>
        expect(calls.some((c) => c.method === 'POST' && c.path === SCREEN_PATH)).toBe(true),
      );
      expect(
        await screen.findByText(
          'Screened: nobody matched a sanctions or PEP list. The task is recorded.',
        ),
      ).toBeVisible();
      expect(await panel.findByText(/no match for any of the 1 clients/)).toBeVisible();
    });

    it('a possible match is listed for the conveyancer to rule out; the task stays open', async () => {
      const open = { ...SCREENING, evidenceUploaded: true };
      const { state } = screeningServer(() => {
        state.current = staffCase({ tasks: [open], screeningProvider: 'OPENSANCTIONS' });
        return json({
          provider: 'OPENSANCTIONS',
          clients: [
            {
              name: 'Ann Smith',
              matches: [{ caption: 'Ann Smyth', score: 0.93, topics: ['sanction', 'role.pep'] }],
            },
          ],
          documentId: 90,
          taskDone: false,
          tasks: [open],
        });
      });
      const panel = await openTasks();
      await userEvent.click(panel.getByRole('button', { name: 'Screen with OpenSanctions' }));
      const matches = await panel.findByRole('status');
      expect(matches).toHaveTextContent('Possible matches');
      expect(matches).toHaveTextContent('Ann Smith');
      expect(matches).toHaveTextContent('Ann Smyth (score 0.93; sanction, role.pep)');
      // The report is on the file: the task may be recorded by hand once ruled out.
      await waitFor(() =>
        expect(panel.getByRole('button', { name: 'Record as done' })).toBeEnabled(),
      );
      expect(panel.queryByRole('button', { name: 'Screen with OpenSanctions' })).toBeNull();
    });

    it('once the conveyancer records the task, the possible matches are no longer asked about', async () => {
      const open = { ...SCREENING, evidenceUploaded: true };
      const done = {
        ...open,
        state: 'DONE' as const,
        done: { ...DISCHARGED.done!, task: SCREENING.name, note: 'Ruled out: different DOB' },
      };
      const state = {
        current: staffCase({ tasks: [SCREENING], screeningProvider: 'OPENSANCTIONS' }) as StaffCase,
      };
      staffServer(CONVEYANCER, {
        [`GET ${CASE_PATH}`]: () => json(state.current),
        [`POST ${SCREEN_PATH}`]: () => {
          state.current = staffCase({ tasks: [open], screeningProvider: 'OPENSANCTIONS' });
          return json({
            provider: 'OPENSANCTIONS',
            clients: [
              {
                name: 'Ann Smith',
                matches: [{ caption: 'Ann Smyth', score: 0.93, topics: ['sanction'] }],
              },
            ],
            documentId: 90,
            taskDone: false,
            tasks: [open],
          });
        },
        [`POST ${CASE_PATH}/tasks/${SCREENING.name}`]: () => {
          state.current = staffCase({ tasks: [done], screeningProvider: 'OPENSANCTIONS' });
          return json({ tasks: [done] });
        },
      });
      const panel = await openTasks();
      await userEvent.click(panel.getByRole('button', { name: 'Screen with OpenSanctions' }));
      expect(await panel.findByRole('status')).toHaveTextContent('Possible matches');
      await waitFor(() =>
        expect(panel.getByRole('button', { name: 'Record as done' })).toBeEnabled(),
      );
      await userEvent.click(panel.getByRole('button', { name: 'Record as done' }));
      const dialog = within(await screen.findByRole('dialog', { name: /^Record as done/ }));
      await userEvent.type(
        dialog.getByRole('textbox', { name: 'Note (optional)' }),
        'Ruled out: different DOB',
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Record as done' }));
      expect(await panel.findByText(/Ruled out: different DOB/)).toBeVisible();
      expect(panel.queryByText(/Possible matches/)).toBeNull();
    });
  });

  describe('evidence', () => {
    beforeEach(() => {
      FakeXhr.sent = [];
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('is uploaded as the case type and document type the task names, before recording', async () => {
      server([{ ...REGISTERED, state: 'OPEN', waitingFor: [] }]);
      const panel = await openTasks();
      expect(panel.getByText('Upload the Title register first')).toBeInTheDocument();
      expect(panel.getByRole('button', { name: 'Record as done' })).toBeDisabled();
      await userEvent.upload(
        panel.getByLabelText('Upload the Title register'),
        new File(['%PDF-1.7'], 'register.pdf', { type: 'application/pdf' }),
      );
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      expect(FakeXhr.sent[0].fields()).toEqual({
        caseType: 'REMORTGAGING',
        caseId: '1001',
        documentType: 'TITLE_REGISTER',
        file: 'register.pdf',
      });
    });
  });
});
