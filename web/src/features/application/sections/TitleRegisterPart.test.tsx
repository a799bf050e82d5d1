import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { FakeXhr } from '../../../test/fakeXhr';
import { apiError, noContent } from '../../../test/fetchMock';
import { makeMe } from '../../../test/fixtures';
import { CASE_ID, remCase, renderSection } from '../../../test/ownersFixtures';
import { OwnersSection } from './OwnersSection';

/**
 * Issue 33 (CALLS-69): the names on the title register beside the owners; a name that is no
 * owner is explained with its evidence, uploaded and sent in one go.
 */

const ANN = makeMe({ id: 'user-1' });
const BROKER = makeMe({ id: 'broker-1', role: 'ROLE_BROKER' }, { preferredName: 'Bea' });
const NAMES_PATH = `/api/remortgaging/${CASE_ID}/title-register-names/8`;

const withNames = (patch: Partial<RemortgagingExpanded> = {}) =>
  remCase({
    titleRegisterNames: [
      { id: 7, fullName: 'ANN MARIE SMITH', isOwner: true },
      { id: 8, fullName: 'Robert Smith', isOwner: false },
    ],
    ...patch,
  });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

async function namesPart() {
  return within(await screen.findByRole('region', { name: 'Names on the title register' }));
}

async function openExplain() {
  const part = await namesPart();
  await userEvent.click(part.getByRole('button', { name: 'Tell us why' }));
  return within(await screen.findByRole('dialog', { name: 'Why is Robert Smith not an owner?' }));
}

async function chooseFile(dialog: ReturnType<typeof within>) {
  const file = new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' });
  await userEvent.upload(
    dialog.getByLabelText('Evidence for the name on the title register'),
    file,
  );
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  return FakeXhr.sent[0];
}

describe('the names on the title register (issue 33)', () => {
  it('shows nothing until the firm has recorded the names', async () => {
    await renderSection(OwnersSection, ANN, () => remCase());
    await screen.findByRole('heading', { level: 2, name: 'Owners' });
    expect(screen.queryByRole('region', { name: 'Names on the title register' })).toBeNull();
  });

  it('lists each name as an owner or not, and asks only about the one that is not', async () => {
    await renderSection(OwnersSection, ANN, () => withNames());
    const part = await namesPart();
    const items = part.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('ANN MARIE SMITH');
    expect(items[0]).toHaveTextContent('One of the owners');
    expect(within(items[0]).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Not one of the owners listed');
    expect(within(items[1]).getByRole('button', { name: 'Tell us why' })).toBeInTheDocument();
  });

  it('uploads the evidence the answer asks for, then explains the name with it', async () => {
    const { calls } = await renderSection(OwnersSection, ANN, () => withNames(), {
      [`DELETE ${NAMES_PATH}`]: () => noContent(),
    });
    const dialog = await openExplain();
    // The upload waits for the answer, and names the document it asks for.
    expect(dialog.getByRole('button', { name: 'Choose what happened first' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('radio', { name: /They have died/ }));
    expect(dialog.getByRole('button', { name: 'Upload the death certificate' })).toBeEnabled();
    const xhr = await chooseFile(dialog);
    expect(xhr.fields()).toMatchObject({
      caseType: 'REMORTGAGING',
      caseId: String(CASE_ID),
      documentType: 'DEATH_CERTIFICATE',
    });
    xhr.respond(201, { documentId: 41, documentType: 'DEATH_CERTIFICATE' });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Why is Robert Smith not an owner?' }),
      ).toBeNull(),
    );
    expect(
      await screen.findByText('Thank you: the name is explained and off the list.'),
    ).toBeInTheDocument();
    const call = calls.find((c) => c.method === 'DELETE');
    const query = new URL(call!.request.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      explanation: 'DECEASED',
      evidenceDocumentId: '41',
    });
  });

  it("keeps the dialog open with the server's refusal", async () => {
    await renderSection(OwnersSection, ANN, () => withNames(), {
      [`DELETE ${NAMES_PATH}`]: () => apiError(409, 'This name is explained already.'),
    });
    const dialog = await openExplain();
    await userEvent.click(dialog.getByRole('radio', { name: /deed poll/ }));
    const xhr = await chooseFile(dialog);
    expect(xhr.fields().documentType).toBe('DEED_POLL');
    xhr.respond(201, { documentId: 42, documentType: 'DEED_POLL' });
    expect(await dialog.findByText('This name is explained already.')).toBeInTheDocument();
  });

  it('offers a broker nothing to explain once the case is the customer’s', async () => {
    await renderSection(OwnersSection, BROKER, () => withNames());
    const part = await namesPart();
    expect(part.getByText('Robert Smith')).toBeInTheDocument();
    expect(part.queryByRole('button', { name: 'Tell us why' })).toBeNull();
  });
});
