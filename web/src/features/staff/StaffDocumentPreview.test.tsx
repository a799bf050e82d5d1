import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { json } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { CONVEYANCER, staffCase, staffServer } from '../../test/staff';

const mermaid = vi.hoisted(() => ({ initialize: vi.fn(), render: vi.fn() }));
vi.mock('mermaid', () => ({ default: mermaid }));

beforeEach(() => {
  mermaid.initialize.mockReset();
  mermaid.render.mockReset();
  mermaid.render.mockResolvedValue({ svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' });
  // jsdom has no object URLs: the page's are stood in for, and put back after.
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:http://localhost/${blob.type}`);
  URL.revokeObjectURL = vi.fn();
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});

const file = (type: string) => () =>
  new Response('bytes', {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="f"' },
  });

async function openCase(documents: Record<number, string>) {
  const { calls } = staffServer(CONVEYANCER, {
    'GET /api/staff/cases/remortgaging/1001': () => json(staffCase()),
    ...Object.fromEntries(
      Object.entries(documents).map(([id, type]) => [`GET /api/document/${id}`, file(type)]),
    ),
  });
  renderApp('/staff/cases/remortgaging/1001');
  await screen.findByRole('heading', {
    level: 1,
    name: '1 High Street, Canterbury, Kent, CT1 1AA',
  });
  return calls;
}

describe('previewing a document in the back office', () => {
  it('an upload opens over the case in a frame of its own type, fetched once; Close leaves the case', async () => {
    const calls = await openCase({ 31: 'application/pdf' });
    const uploads = screen.getByRole('region', { name: 'Uploaded documents' });
    await userEvent.click(
      within(uploads).getByRole('button', { name: 'Preview Mortgage statement' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mortgage statement' });
    const frame = await within(dialog).findByTitle('Mortgage statement');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:http://localhost/application/pdf');
    expect(calls.filter((c) => c.path === '/api/document/31')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mortgage statement' })).toBeNull(),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/application/pdf');
  });

  it("an owner's selfie (a photo) is shown from their identity group; a draft from Documents we issue", async () => {
    await openCase({ 34: 'image/jpeg', 32: 'application/pdf' });
    const identity = screen.getByRole('group', { name: 'Identity of Sam Smith' });
    await userEvent.click(within(identity).getByRole('button', { name: 'Preview Selfie' }));
    const selfie = await screen.findByRole('dialog', { name: 'Selfie' });
    expect(await within(selfie).findByTitle('Selfie')).toHaveAttribute(
      'src',
      'blob:http://localhost/image/jpeg',
    );
    await userEvent.click(within(selfie).getByRole('button', { name: 'Close' }));
    const issued = screen.getByRole('region', { name: 'Documents we issue' });
    await userEvent.click(
      within(issued).getByRole('button', { name: 'Preview Mortgage report (draft)' }),
    );
    expect(
      await within(
        await screen.findByRole('dialog', { name: 'Mortgage report (draft)' }),
      ).findByTitle('Mortgage report (draft)'),
    ).toHaveAttribute('src', 'blob:http://localhost/application/pdf');
  });

  it('a file the browser cannot show (a HEIC photo) says to download it, and makes no frame', async () => {
    await openCase({ 33: 'image/heic' });
    const identity = screen.getByRole('group', { name: 'Identity of Sam Smith' });
    await userEvent.click(within(identity).getByRole('button', { name: 'Preview Photo ID' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo ID' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Sorry, we couldn't show this document here. Please download it instead.",
    );
    expect(within(dialog).queryByTitle('Photo ID')).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});
