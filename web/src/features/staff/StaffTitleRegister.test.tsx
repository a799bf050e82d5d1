import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, noContent } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffCase, staffServer } from '../../test/staff';
import type { StaffCase, StaffTitleRegisterName } from './types';

/** Issue 33: the registered proprietors in the back office, beside what accounts for each. */

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/remortgaging/1001';
const NAMES = `${CASE_PATH}/title-register-names`;

beforeEach(() => {
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
});

function name(id: number, patch: Partial<StaffTitleRegisterName> = {}): StaffTitleRegisterName {
  return {
    id,
    fullName: `Name ${id}`,
    ownerName: null,
    explanation: null,
    evidenceDocumentId: null,
    explainedAt: null,
    ...patch,
  };
}

const NAMES_ON_FILE = [
  name(1, { fullName: 'ANN SMITH', ownerName: 'Ann Smith' }),
  name(2, {
    fullName: 'Robert Smith',
    explanation: 'DECEASED',
    evidenceDocumentId: 41,
    explainedAt: '2026-12-01T10:00:00Z',
  }),
  name(3, { fullName: 'Ruth Smith' }),
];

function server(names: StaffTitleRegisterName[], mayRecord = true, answers: Response[] = []) {
  const current: StaffCase = {
    ...staffCase({ status: 'CUSTOMER_APPLICATION' }),
    titleRegisterNames: names,
    mayRecordTitleRegisterNames: mayRecord,
  };
  const answer = (fallback: () => Response) => () => answers.shift() ?? fallback();
  return staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () => json(current),
    [`POST ${NAMES}`]: answer(() => json({ id: 9 }, 201)),
    [`DELETE ${NAMES}/3`]: answer(() => noContent()),
  });
}

async function openPanel() {
  renderApp('/staff/cases/remortgaging/1001');
  return within(await screen.findByRole('region', { name: 'Title register' }));
}

describe("the back office's title register (issue 33)", () => {
  it('shows each name beside its owner, its explanation with the evidence, or neither', async () => {
    server(NAMES_ON_FILE);
    const panel = await openPanel();
    const items = panel.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Owner on the case: Ann Smith');
    expect(items[1]).toHaveTextContent('Explained: Has died');
    expect(within(items[1]).getByRole('link', { name: 'View the evidence' })).toHaveAttribute(
      'href',
      expect.stringContaining('/document/41'),
    );
    expect(items[2]).toHaveTextContent('Not an owner, not explained yet');
    // Only a name nobody has explained may be taken off.
    expect(within(items[1]).queryByRole('button', { name: 'Take off' })).toBeNull();
    expect(within(items[2]).getByRole('button', { name: 'Take off' })).toBeInTheDocument();
  });

  it('records a name, checked before sending and refused on its field', async () => {
    const s = server([], true, [
      json(
        {
          error: {
            code: 'invalid_fields',
            message: 'Some fields are not valid.',
            fields: { fullName: 'must be at most 200 characters' },
          },
        },
        422,
      ),
    ]);
    const panel = await openPanel();
    expect(panel.getByText('No names recorded yet.')).toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Record name' }));
    expect(await panel.findByText('Enter the name as the register gives it')).toBeInTheDocument();
    const posts = () => s.calls.filter((c) => c.method === 'POST' && c.path === NAMES);
    expect(posts()).toHaveLength(0);
    await userEvent.type(
      panel.getByRole('textbox', { name: 'Name as on the register' }),
      ' Robert Smith ',
    );
    await userEvent.click(panel.getByRole('button', { name: 'Record name' }));
    expect(await panel.findByText('must be at most 200 characters')).toBeInTheDocument();
    await userEvent.click(panel.getByRole('button', { name: 'Record name' }));
    expect(await screen.findByText('Name recorded')).toBeInTheDocument();
    expect(posts().map((c) => JSON.parse(c.body!))).toEqual([
      { fullName: 'Robert Smith' },
      { fullName: 'Robert Smith' },
    ]);
  });

  it('takes off a name recorded in error after asking, and shows a refusal', async () => {
    const s = server(NAMES_ON_FILE, true, [apiError(409, 'The case has changed; reload it')]);
    const panel = await openPanel();
    const item = panel.getAllByRole('listitem')[2];
    await userEvent.click(within(item).getByRole('button', { name: 'Take off' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Take Ruth Smith off the title register list?' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Take off' }));
    expect(await dialog.findByText('The case has changed; reload it')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Take off' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Take Ruth Smith off the title register list?' }),
      ).toBeNull(),
    );
    expect(await screen.findByText('Name taken off')).toBeInTheDocument();
    expect(s.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
  });

  it('offers no step where the workflow does not let this staff member', async () => {
    server(NAMES_ON_FILE, false);
    const panel = await openPanel();
    expect(panel.queryByRole('button', { name: 'Record name' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Take off' })).toBeNull();
  });
});
