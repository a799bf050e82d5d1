import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { FeedbackPoint } from '../../../lib/api/types';
import type { FeedbackRequest } from '../../feedback';
import { acceptanceMachine, type AcceptInput } from './acceptanceMachine';

function start(
  feedbackPoint: FeedbackPoint | null,
  accept: (input: AcceptInput) => Promise<unknown> = () => Promise.resolve({}),
) {
  const call = vi.fn(accept);
  const announceAccepted = vi.fn();
  const asked: FeedbackRequest[] = [];
  const actor = createActor(
    acceptanceMachine.provide({
      actors: { accept: fromPromise(({ input }) => call(input)) },
      actions: {
        announceAccepted,
        askForFeedback: (_, params) => {
          asked.push(params);
        },
      },
    }),
    { input: { documentId: 41, caseType: 'REMORTGAGING', caseId: 1001, feedbackPoint } },
  );
  actor.start();
  return { actor, call, announceAccepted, asked };
}

describe('acceptanceMachine', () => {
  it('starts idle and does nothing until ACCEPT', () => {
    const { actor, call } = start(null);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(call).not.toHaveBeenCalled();
  });

  it('REM-POST-11: ACCEPT → accepting → accepted, posting once for the document; no feedback for the mortgage report', async () => {
    const { actor, call, announceAccepted, asked } = start(null);
    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().value).toBe('accepting');
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith({ documentId: 41 });
    expect(announceAccepted).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.acceptedAt).not.toBeNull();
    expect(asked).toEqual([]);
  });

  it('REM-POST-15 FEEDBACK-03: accepting the completion statement asks for ACCEPT_COMPLETION_STATEMENT feedback', async () => {
    const { actor, asked } = start('ACCEPT_COMPLETION_STATEMENT');
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(asked).toEqual([
      { feedbackPoint: 'ACCEPT_COMPLETION_STATEMENT', caseType: 'REMORTGAGING', caseId: 1001 },
    ]);
  });

  it('a refused acceptance fails with the error, asks nothing, and RETRY tries again', async () => {
    let attempt = 0;
    const { actor, call, announceAccepted, asked } = start('ACCEPT_COMPLETION_STATEMENT', () =>
      ++attempt === 1
        ? Promise.reject(new ApiError(409, { error: { code: 'section_closed', message: 'No' } }))
        : Promise.resolve({}),
    );
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBeInstanceOf(ApiError);
    expect(announceAccepted).not.toHaveBeenCalled();
    expect(asked).toEqual([]);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('accepting');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('accepted'));
    expect(call).toHaveBeenCalledTimes(2);
    expect(asked).toHaveLength(1);
  });

  it('ACCEPT while accepting or once accepted sends nothing more', async () => {
    const { actor, call } = start(null);
    actor.send({ type: 'ACCEPT' });
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.matches('accepted'));
    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().value).toBe('accepted');
    expect(call).toHaveBeenCalledTimes(1);
  });
});
