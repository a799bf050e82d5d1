import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, noContent, type Handler } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffCase, staffPurchase, staffServer } from '../../test/staff';
import type { StaffCase } from './types';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/remortgaging/1001';
const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app.';

beforeEach(() => {
  mermaid.initialize.mockReset();
  mermaid.render.mockReset();
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

function error(status: number, code: string, message: string, fields?: Record<string, string>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

type Documents = StaffCase['expanded']['documents'];

/** The remortgage of test/staff with these documents (and other changes to the case). */
function withDocuments(documents: Partial<Documents>, patch: Partial<StaffCase> = {}): StaffCase {
  const base = staffCase(patch);
  return {
    ...base,
    expanded: {
      ...base.expanded,
      documents: { ...base.expanded.documents, ...documents },
    } as StaffCase['expanded'],
  };
}

/** The back office answering GET of `path` with `state.current` (a route may change it). */
function server(initial: StaffCase, routes: Record<string, Handler> = {}, path = CASE_PATH) {
  const state = { current: initial };
  const result = staffServer(CONVEYANCER, {
    [`GET ${path}`]: () => json(state.current),
    ...routes,
  });
  const gets = () => result.calls.filter((c) => c.method === 'GET' && c.path === path).length;
  const deletes = () =>
    result.calls
      .filter((c) => c.method === 'DELETE')
      .map((c) => ({ path: c.path, body: JSON.parse(c.body!) as unknown }));
  return { ...result, state, gets, deletes };
}

async function openCase(path = '/staff/cases/remortgaging/1001') {
  renderApp(path);
  await screen.findByRole('heading', {
    level: 1,
    name: '1 High Street, Canterbury, Kent, CT1 1AA',
  });
}

const uploaded = () => screen.getByRole('region', { name: 'Uploaded documents' });
const issued = () => screen.getByRole('region', { name: 'Documents we issue' });
const deleteButtons = (within_: HTMLElement) =>
  within(within_)
    .queryAllByRole('button', { name: /^Delete/ })
    .map((b) => b.getAttribute('aria-label'));

async function openDialog(buttonName: string) {
  await userEvent.click(screen.getByRole('button', { name: buttonName }));
  return screen.findByRole('dialog', { name: 'Delete this document?' });
}

describe('deleting a document', () => {
  it('is offered for every upload and each draft, not for an issued document', async () => {
    server(
      withDocuments({
        documents: [
          { documentId: 31, documentType: 'MORTGAGE_STATEMENT', url: '/document/31' },
          { documentId: 33, documentType: 'PHOTO_ID', url: '/document/33' },
          { documentId: 35, documentType: 'PHOTO_ID', url: '/document/35' },
          { documentId: 34, documentType: 'SELFIE', url: '/document/34' },
        ],
        generatedDocuments: [
          { documentId: 32, documentType: 'MORTGAGE_REPORT', isDraft: true },
          { documentId: 36, documentType: 'COMPLETION_STATEMENT', isDraft: false },
        ],
      }),
    );
    await openCase();
    // Each upload (two of a type are numbered, so each button has a name of its own).
    expect(deleteButtons(uploaded())).toEqual([
      'Delete Mortgage statement',
      'Delete Photo ID 1',
      'Delete Photo ID 2',
      'Delete Selfie',
    ]);
    expect(within(uploaded()).getByRole('button', { name: 'Delete Selfie' })).toHaveTextContent(
      /^Delete$/,
    );
    // The draft, not the issued statement (its owners have it).
    expect(deleteButtons(issued())).toEqual(['Delete Mortgage report (draft)']);
    const statement = within(issued())
      .getByRole('link', { name: 'Open completion statement' })
      .closest('li')!;
    expect(within(statement).queryByRole('button', { name: /Delete/ })).toBeNull();
    // The identity evidence links are not where documents are deleted.
    expect(
      within(screen.getByRole('group', { name: 'Identity of Sam Smith' })).queryByRole('button', {
        name: /Delete/,
      }),
    ).toBeNull();
  });

  it.each([
    ['COMPLETED', 'Completed'],
    ['CANCELLED', 'Cancelled'],
  ] as const)('is not offered on a closed case (%s)', async (status, label) => {
    server(
      staffCase({
        status,
        chip: { colour: 'RED', label, showWarningIcon: false },
        waitsOn: null,
        transitions: [],
      }),
    );
    await openCase();
    expect(
      within(uploaded()).getByRole('link', { name: 'Download Mortgage statement' }),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^Delete/ })).toEqual([]);
  });

  it('asks why and for a code from the app, and sends nothing without them', async () => {
    const s = server(staffCase());
    await openCase();
    const dialog = await openDialog('Delete Mortgage statement');
    expect(dialog).toHaveAccessibleDescription(
      "Mortgage statement will be deleted from this case. Your reason is kept in the case's audit trail.",
    );
    const reason = within(dialog).getByLabelText(/Why is it deleted\?/);
    const code = within(dialog).getByLabelText(/Code from your app/);
    expect(reason).toBeRequired();
    expect(code).toBeRequired();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Say why the document is deleted')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Say why the document is deleted');
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your app');

    // Spaces alone are no reason; more than 2000 characters is too long.
    await userEvent.type(reason, '   ');
    await userEvent.type(code, '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Say why the document is deleted')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'x'.repeat(2001) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Use 2000 characters or fewer')).toBeInTheDocument();
    expect(s.deletes()).toEqual([]);

    // Going back sends nothing either, and the document stays.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this document?' })).toBeNull(),
    );
    expect(s.deletes()).toEqual([]);
    expect(
      within(uploaded()).getByRole('button', { name: 'Delete Mortgage statement' }),
    ).toBeInTheDocument();
  });

  it('sends the reason and code with DELETE; on 204 it closes, says so and refreshes the case', async () => {
    const s = server(staffCase(), {
      [`DELETE ${CASE_PATH}/documents/31`]: () => {
        s.state.current = withDocuments({
          documents: staffCase().expanded.documents.documents.filter((d) => d.documentId !== 31),
        });
        return noContent();
      },
    });
    await openCase();
    const before = s.gets();
    const dialog = await openDialog('Delete Mortgage statement');
    await userEvent.type(
      within(dialog).getByLabelText(/Why is it deleted\?/),
      '  Uploaded to the wrong case ',
    );
    await userEvent.type(within(dialog).getByLabelText(/Code from your app/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(s.deletes()).toEqual([
      {
        path: `${CASE_PATH}/documents/31`,
        body: { reason: 'Uploaded to the wrong case', code: '123456' },
      },
    ]);
    const sent = s.calls.find((c) => c.method === 'DELETE')!.request;
    expect(sent.headers.get('Content-Type')).toMatch(/^application\/json/);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this document?' })).toBeNull(),
    );
    // The case was fetched again: the statement has gone from the list, the rest stay.
    expect(s.gets()).toBeGreaterThan(before);
    expect(within(uploaded()).queryByRole('link', { name: 'Download Mortgage statement' })).toBe(
      null,
    );
    expect(deleteButtons(uploaded())).toEqual(['Delete Photo ID', 'Delete Selfie']);
  });

  it("a draft goes the same way, to its own document's address", async () => {
    const s = server(staffCase(), {
      [`DELETE ${CASE_PATH}/documents/32`]: () => {
        s.state.current = withDocuments({ generatedDocuments: [] });
        return noContent();
      },
    });
    await openCase();
    const dialog = await openDialog('Delete Mortgage report (draft)');
    expect(dialog).toHaveTextContent('Mortgage report (draft) will be deleted from this case.');
    await userEvent.type(within(dialog).getByLabelText(/Why is it deleted\?/), 'Wrong figures');
    await userEvent.type(within(dialog).getByLabelText(/Code from your app/), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(s.deletes()).toEqual([
      {
        path: `${CASE_PATH}/documents/32`,
        body: { reason: 'Wrong figures', code: '654321' },
      },
    ]);
    await waitFor(() =>
      expect(within(issued()).getByText('Nothing drafted or issued yet.')).toBeInTheDocument(),
    );
  });

  it("a purchase's upload is deleted under the buying path", async () => {
    const path = '/api/staff/cases/buying/2002';
    const s = server(
      staffPurchase('AWAITING_SEARCHES', 'Awaiting Searches', {
        documents: {
          documents: [{ documentId: 51, documentType: 'TA6', url: '/document/51' }],
          generatedDocuments: [],
        },
      }),
      { [`DELETE ${path}/documents/51`]: () => noContent() },
      path,
    );
    await openCase('/staff/cases/buying/2002');
    const dialog = await openDialog('Delete Property information form (TA6)');
    await userEvent.type(within(dialog).getByLabelText(/Why is it deleted\?/), 'Superseded');
    await userEvent.type(within(dialog).getByLabelText(/Code from your app/), '111111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(s.deletes()).toEqual([
      { path: `${path}/documents/51`, body: { reason: 'Superseded', code: '111111' } },
    ]);
  });

  it("the server's refusals: a wrong code (422) under the code field, a reason's under the reason, a kept document (409) above them", async () => {
    let n = 0;
    const s = server(staffCase(), {
      [`DELETE ${CASE_PATH}/documents/31`]: () => {
        n += 1;
        if (n === 1) return error(422, 'validation_failed', 'Invalid', { code: WRONG_CODE });
        if (n === 2) {
          return error(422, 'validation_failed', 'Invalid', {
            reason: 'must be at most 2000 characters',
          });
        }
        if (n === 3) {
          return error(
            403,
            'step_up_required',
            'Enter a current code from your authenticator app to confirm this step.',
          );
        }
        return error(
          409,
          'case_closed',
          'This case is closed: its documents are kept as they are.',
        );
      },
    });
    await openCase();
    const dialog = await openDialog('Delete Mortgage statement');
    const reason = within(dialog).getByLabelText(/Why is it deleted\?/);
    const code = within(dialog).getByLabelText(/Code from your app/);
    await userEvent.type(reason, 'Duplicate');
    await userEvent.type(code, '000000');
    const submit = () => userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await submit();
    expect(await within(dialog).findByText(WRONG_CODE)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(WRONG_CODE);
    expect(reason).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await submit();
    expect(await within(dialog).findByText('must be at most 2000 characters')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription('must be at most 2000 characters');

    await submit();
    expect(
      await within(dialog).findByText(
        'Enter a current code from your authenticator app to confirm this step.',
      ),
    ).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This case is closed: its documents are kept as they are.',
    );
    // Still open, nothing deleted: no toast; once gone back, the document is still listed.
    expect(screen.getByRole('dialog', { name: 'Delete this document?' })).toBeInTheDocument();
    expect(screen.queryByText('Document deleted')).toBeNull();
    expect(s.deletes()).toHaveLength(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete this document?' })).toBeNull(),
    );
    expect(
      within(uploaded()).getByRole('link', { name: 'Download Mortgage statement' }),
    ).toBeInTheDocument();
  });
});
