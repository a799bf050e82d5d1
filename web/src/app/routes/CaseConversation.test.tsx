import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, ConversationThread, Me } from '../../lib/api/types';
import { expanded, overviews, page, REM_SECTIONS } from '../../test/cases';
import { stubEventSource } from '../../test/eventSource';
import { FakeXhr } from '../../test/fakeXhr';
import { apiError, json, noContent } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

/** Issue 32, part 1: the case page's conversation with the broker and the firm. */

const CUSTOMER = makeMe();
const BROKER = makeMe({ role: 'ROLE_BROKER' });
const BASE = '/api/conversations/remortgaging/1001';

const PARTIES: ConversationThread = {
  channel: 'PARTIES',
  path: 'parties',
  promised: true,
  attachable: [],
  messages: [
    {
      id: 1,
      authorName: 'Cara Client',
      authorSide: 'CUSTOMER',
      mine: true,
      body: 'When will the offer come?',
      createdAt: '2026-12-01T10:00:00Z',
      attachments: [],
    },
    {
      id: 2,
      authorName: 'Connie Conveyancer',
      authorSide: 'FIRM',
      mine: false,
      body: 'This week,\nwe expect.',
      createdAt: '2026-12-01T11:00:00Z',
      attachments: [{ documentId: 77, fileName: 'offer.pdf', documentType: 'MORTGAGE_OFFER' }],
    },
  ],
  readByOthers: [
    {
      name: 'Bob Broker',
      side: 'BROKER',
      lastReadMessageId: 2,
      readAt: '2026-12-01T12:00:00Z',
    },
  ],
};

function conversation(patch: Partial<Conversation> = {}): Conversation {
  return {
    threads: [PARTIES],
    replyDueAt: null,
    replyOverdue: false,
    replyWithinWorkingDays: 1,
    ...patch,
  };
}

function serve(me: Me, current: Conversation, answers: Record<string, () => Response> = {}) {
  return signedInServer(me, {
    'GET /api/case-overviews': () => json(overviews(1, 1)),
    'GET /api/managed-brokers': () => json({ managedBrokers: [] }),
    'GET /api/remortgaging/cases': () => json(page([])),
    'GET /api/remortgaging/cases/1001/expanded': () => json(expanded('REMORTGAGING', REM_SECTIONS)),
    [`GET ${BASE}`]: () => json(current),
    [`PUT ${BASE}/parties/read`]: () => noContent(),
    ...answers,
  });
}

async function messages() {
  return within(await screen.findByRole('region', { name: 'Messages' }));
}

describe('the case conversation (issue 32)', () => {
  it('shows the thread with who wrote when, who has read it, and the reply promise', async () => {
    const { calls } = serve(CUSTOMER, conversation());
    renderApp('/remortgaging/1001');
    const region = await messages();
    const items = await region.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('You · 01/12/2026');
    expect(items[0]).toHaveTextContent('When will the offer come?');
    expect(items[1]).toHaveTextContent('Connie Conveyancer (Threshold)');
    expect(within(items[1]).getByText(/This week,\s+we expect\./)).toBeInTheDocument();
    expect(region.getByText('Read by Bob Broker')).toBeInTheDocument();
    // The firm's message carries a document, downloaded through its own address.
    const files = within(within(items[1]).getByRole('list', { name: 'Attached files' }));
    expect(files.getByRole('link', { name: 'offer.pdf' })).toHaveAttribute(
      'href',
      '/api/document/77',
    );
    expect(region.getByText(/Threshold replies within one working day\./)).toBeInTheDocument();
    // The firm's latest message is marked read.
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.body === '{"upTo":2}')).toBe(true),
    );
    expect(region.queryByRole('tab')).toBeNull();
  });

  it('sends a message and says when the firm’s reply is overdue', async () => {
    const { calls } = serve(
      CUSTOMER,
      conversation({ replyDueAt: '2026-12-02T10:00:00Z', replyOverdue: true }),
      { [`POST ${BASE}/parties`]: () => json({ id: 3 }, 201) },
    );
    renderApp('/remortgaging/1001');
    const region = await messages();
    expect(await region.findByRole('alert')).toHaveTextContent(
      "Threshold's reply was due by 02/12/2026",
    );
    await userEvent.type(region.getByLabelText('Your message'), '  Any news?  ');
    await userEvent.click(region.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === `${BASE}/parties`)?.body).toBe(
        '{"body":"Any news?","attachments":[]}',
      ),
    );
    await waitFor(() => expect(region.getByLabelText('Your message')).toHaveValue(''));
  });

  it('uploads a file to go with the message, and sends its id', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { calls } = serve(CUSTOMER, conversation(), {
      [`POST ${BASE}/parties`]: () => json({ id: 3 }, 201),
    });
    renderApp('/remortgaging/1001');
    const region = await messages();
    const file = new File(['%PDF-1.4'], 'payslip.pdf', { type: 'application/pdf' });
    await userEvent.upload(await region.findByLabelText('Attach a file'), file);
    expect(await region.findByText('Uploading payslip.pdf…')).toBeInTheDocument();
    const [upload] = FakeXhr.sent;
    expect(upload.fields()).toEqual({
      caseType: 'REMORTGAGING',
      caseId: '1001',
      documentType: 'CORRESPONDENCE',
      file: 'payslip.pdf',
    });
    act(() => upload.respond(201, { documentId: 91, fileName: 'payslip.pdf' }));
    expect(await region.findByRole('button', { name: 'Remove payslip.pdf' })).toBeInTheDocument();
    await userEvent.type(region.getByLabelText('Your message'), 'My payslip');
    await userEvent.click(region.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === `${BASE}/parties`)?.body).toBe(
        '{"body":"My payslip","attachments":[91]}',
      ),
    );
    await waitFor(() => expect(region.queryByText('payslip.pdf')).toBeNull());
    vi.unstubAllGlobals();
  });

  it('sends a file the case already has, chosen from those the server offers in the thread', async () => {
    const offered: ConversationThread = {
      ...PARTIES,
      attachable: [
        { documentId: 41, fileName: 'statement.pdf', documentType: 'BANK_STATEMENT' },
        { documentId: 42, fileName: null, documentType: 'CORRESPONDENCE' },
      ],
    };
    const { calls } = serve(CUSTOMER, conversation({ threads: [offered] }), {
      [`POST ${BASE}/parties`]: () => json({ id: 3 }, 201),
    });
    renderApp('/remortgaging/1001');
    const region = await messages();
    await userEvent.click(await region.findByRole('button', { name: 'Choose an uploaded file' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getAllByRole('menuitem')).toHaveLength(2);
    await userEvent.click(menu.getByRole('menuitem', { name: /^statement\.pdf \(/ }));
    expect(await region.findByRole('button', { name: 'Remove statement.pdf' })).toBeInTheDocument();
    // What is attached already is not offered again.
    await userEvent.click(region.getByRole('button', { name: 'Choose an uploaded file' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    await userEvent.type(region.getByLabelText('Your message'), 'My statement');
    await userEvent.click(region.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === `${BASE}/parties`)?.body).toBe(
        '{"body":"My statement","attachments":[41]}',
      ),
    );
  });

  it('offers no choice where the thread lets no document travel', async () => {
    serve(CUSTOMER, conversation());
    renderApp('/remortgaging/1001');
    const region = await messages();
    expect(await region.findByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(region.queryByRole('button', { name: 'Choose an uploaded file' })).toBeNull();
  });

  it('refuses an empty message, and shows the server’s word on a bad one', async () => {
    serve(CUSTOMER, conversation(), {
      [`POST ${BASE}/parties`]: () =>
        apiError(422, 'Some of the details are not valid.', { body: 'must not be spam' }),
    });
    renderApp('/remortgaging/1001');
    const region = await messages();
    await userEvent.click(await region.findByRole('button', { name: 'Send' }));
    expect(region.getByText('Enter a message')).toBeInTheDocument();
    await userEvent.type(region.getByLabelText('Your message'), 'Hello');
    await userEvent.click(region.getByRole('button', { name: 'Send' }));
    expect(await region.findByText('must not be spam')).toBeInTheDocument();
    expect(region.getByLabelText('Your message')).toHaveValue('Hello');
  });

  it('reads the thread again when the server says it changed (server-sent events)', async () => {
    const streams = stubEventSource();
    const { calls } = serve(CUSTOMER, conversation());
    const view = renderApp('/remortgaging/1001');
    await messages();
    await waitFor(() => expect(streams(`${BASE}/events`)).toHaveLength(1));
    const [source] = streams(`${BASE}/events`);
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === BASE).length;
    const before = reads();
    source.change();
    await waitFor(() => expect(reads()).toBe(before + 1));
    view.unmount();
    expect(source.closed).toBe(true);
    vi.unstubAllGlobals();
  });

  it('gives the broker a tab for their notes with the firm, with the promise the server makes there', async () => {
    const notes: ConversationThread = {
      channel: 'BROKER_FIRM',
      path: 'broker-firm',
      promised: false,
      attachable: [],
      messages: [],
      readByOthers: [],
    };
    serve(BROKER, conversation({ threads: [PARTIES, notes] }));
    renderApp('/remortgaging/1001');
    const region = await messages();
    await userEvent.click(await region.findByRole('tab', { name: 'Broker and Threshold' }));
    expect(
      region.getByText(/Notes between the broker and Threshold\. The customers do not see them\./),
    ).toBeInTheDocument();
    expect(region.getByText('No messages yet.')).toBeInTheDocument();
    expect(region.queryByText(/Threshold replies within/)).not.toBeInTheDocument();
  });
});
