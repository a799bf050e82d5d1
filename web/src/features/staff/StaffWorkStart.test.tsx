import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffPurchase, staffServer } from '../../test/staff';
import { WORK_START_TEXTS } from './components/WorkStartRequestsPanel';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

const CASE_PATH = '/api/staff/cases/buying/2002';

function open(requests: unknown[]) {
  staffServer(CONVEYANCER, {
    [`GET ${CASE_PATH}`]: () =>
      json(staffPurchase('IDENTITY_VERIFICATION', 'Identity Verification')),
    [`GET ${CASE_PATH}/work-start-requests`]: () => json(requests),
  });
  renderApp('/staff/cases/buying/2002');
}

describe("a purchase's express request to start work within 14 days (reg. 36)", () => {
  it('shows who asked, when and under which wording', async () => {
    open([
      {
        userId: 'user-1',
        name: 'Ann',
        wordingVersion: '2026-11-29',
        requestedAt: '2026-03-20T10:00:00Z',
      },
    ]);
    const panel = within(await screen.findByTestId('work-start-requests'));
    expect(await panel.findByText('Ann')).toBeVisible();
    expect(panel.getByText('2026-11-29')).toBeVisible();
    expect(panel.getByText(WORK_START_TEXTS.requestedAt)).toBeVisible();
  });

  it('says when nobody has asked yet', async () => {
    open([]);
    const panel = within(await screen.findByTestId('work-start-requests'));
    expect(await panel.findByText(WORK_START_TEXTS.none)).toBeVisible();
  });
});
