import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssistantReply, ChatMessage, Me } from '../../lib/api/types';
import { configureApi } from '../../lib/api/client';
import { overviews, page, remItem } from '../../test/cases';
import { apiError, json, mockFetch, type Handler } from '../../test/fetchMock';
import { makeMe, signedInServer } from '../../test/fixtures';
import { renderApp, TEST_API } from '../../test/renderApp';
import { stubViewport } from '../../test/viewport';
import { MAX_SENT_MESSAGES, sendMessages } from './api/sendMessage';
import { ASSISTANT_TEXTS } from './texts';

const WITH_BOT = makeMe({ enabledFeatures: ['AI_BOT'] });
const PATH = '/api/assistant/messages';

function server(me: Me, answer: Handler) {
  return signedInServer(me, {
    'GET /api/feed/counts': () => json({ unreadCount: 0, totalCount: 0 }),
    'GET /api/case-overviews': () => json(overviews(1, 0)),
    'GET /api/remortgaging/cases': () => json(page([remItem()])),
    'GET /api/buying/cases': () => json(page([])),
    [`POST ${PATH}`]: answer,
  });
}

function reply(text: string): Response {
  const body: AssistantReply = { reply: text, source: 'HELP' };
  return json(body);
}

/** The bodies sent to the assistant, in order. */
function sent(calls: ReturnType<typeof server>['calls']): { messages: ChatMessage[] }[] {
  return calls
    .filter((c) => c.method === 'POST' && c.path === PATH)
    .map((c) => JSON.parse(c.body ?? '{}') as { messages: ChatMessage[] });
}

async function field() {
  return screen.findByRole('textbox', { name: ASSISTANT_TEXTS.questionLabel });
}

function conversation() {
  return screen.getByRole('region', { name: ASSISTANT_TEXTS.conversation });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/assistant', () => {
  it('HELP-04: without AI_BOT the page is not there: it redirects to /remortgaging', async () => {
    server(makeMe({ enabledFeatures: ['BUYING'] }), () => reply('never'));
    const { router } = renderApp('/assistant');
    await waitFor(() => expect(router.state.location.pathname).toBe('/remortgaging'));
    expect(screen.queryByRole('heading', { name: ASSISTANT_TEXTS.title })).toBeNull();
  });

  it('HELP-03: a question is sent as the conversation, and the answer is shown and read out', async () => {
    const { calls } = server(WITH_BOT, () =>
      reply('Customer Application: You fill in the application online.'),
    );
    renderApp('/assistant');
    expect(await screen.findByRole('heading', { name: ASSISTANT_TEXTS.title })).toBeVisible();
    expect(screen.getByText(ASSISTANT_TEXTS.intro)).toBeVisible();

    await userEvent.type(await field(), 'What happens after I submit?');
    expect(screen.getByText(`28/2000`)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_TEXTS.send }));

    await waitFor(() =>
      expect(
        within(conversation())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'YouWhat happens after I submit?',
        'AssistantCustomer Application: You fill in the application online.',
      ]),
    );
    expect(sent(calls)).toEqual([
      { messages: [{ role: 'user', content: 'What happens after I submit?' }] },
    ]);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Customer Application: You fill in the application online.',
    );
    expect(await field()).toHaveValue('');
  });

  it('Enter sends the whole conversation so far; Shift+Enter makes a new line', async () => {
    let n = 0;
    const { calls } = server(WITH_BOT, () => reply(`Answer ${++n}`));
    renderApp('/assistant');
    await userEvent.type(await field(), 'First{Enter}');
    await within(conversation()).findByText('Answer 1');
    await userEvent.type(await field(), 'Line one{Shift>}{Enter}{/Shift}line two{Enter}');
    await within(conversation()).findByText('Answer 2');
    expect(sent(calls)[1]).toEqual({
      messages: [
        { role: 'user', content: 'First' },
        { role: 'assistant', content: 'Answer 1' },
        { role: 'user', content: 'Line one\nline two' },
      ],
    });
  });

  it('shows that it is waiting, with Send disabled, until the answer comes', async () => {
    let answer: (response: Response) => void = () => {};
    server(
      WITH_BOT,
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderApp('/assistant');
    await userEvent.type(await field(), 'How long does it take?');
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_TEXTS.send }));

    await waitFor(() => expect(conversation()).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('button', { name: ASSISTANT_TEXTS.send })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: ASSISTANT_TEXTS.sending })).toBeVisible();
    expect(within(conversation()).getByText('How long does it take?')).toBeVisible();

    answer(reply('About six weeks.'));
    await within(conversation()).findByText('About six weeks.');
    expect(conversation()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('button', { name: ASSISTANT_TEXTS.send })).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("a failure shows the server's words and keeps the question, to send again", async () => {
    let fail = true;
    const { calls } = server(WITH_BOT, () =>
      fail
        ? apiError(502, 'The assistant cannot answer just now.')
        : reply('Searches cover the local area.'),
    );
    renderApp('/assistant');
    await userEvent.type(await field(), 'What are searches?');
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_TEXTS.send }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The assistant cannot answer just now.',
    );
    expect(await field()).toHaveValue('What are searches?');
    expect(within(conversation()).queryAllByRole('listitem')).toHaveLength(0);

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: ASSISTANT_TEXTS.send }));
    await within(conversation()).findByText('Searches cover the local area.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent(calls).map((b) => b.messages)).toEqual([
      [{ role: 'user', content: 'What are searches?' }],
      [{ role: 'user', content: 'What are searches?' }],
    ]);
  });

  it('fits a phone: the question field and Send are there at 375 px', async () => {
    stubViewport(375);
    server(WITH_BOT, () => reply('Yes.'));
    renderApp('/assistant');
    expect(await field()).toBeVisible();
    expect(screen.getByRole('button', { name: ASSISTANT_TEXTS.send })).toBeVisible();
    expect(await field()).toHaveAttribute('maxlength', '2000');
  });
});

describe('sendMessages', () => {
  it('sends the last 20 messages of a longer conversation', async () => {
    configureApi(TEST_API);
    const { calls } = mockFetch({ [`POST ${PATH}`]: () => reply('ok') });
    const long: ChatMessage[] = Array.from({ length: 25 }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `m${i}`,
    }));
    await sendMessages(long);
    const body = JSON.parse(calls[0]?.body ?? '{}') as { messages: ChatMessage[] };
    expect(body.messages).toHaveLength(MAX_SENT_MESSAGES);
    expect(body.messages[0]?.content).toBe('m5');
    expect(body.messages.at(-1)?.content).toBe('m24');
  });
});
