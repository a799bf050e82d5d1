import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { StaffFactorStatus } from '../types';
import { secondFactorMachine } from './secondFactorMachine';

const status = (enrolled: boolean, verified: boolean): StaffFactorStatus => ({
  enrolled,
  verified,
  recoveryCodesLeft: enrolled ? 10 : 0,
});

/** The gate with GET /staff/factor answering `answers` in turn (the last one repeats). */
function start(...answers: (StaffFactorStatus | Error)[]) {
  let n = 0;
  const load = vi.fn(async () => {
    const answer = answers[Math.min(n++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const machine = secondFactorMachine.provide({
    actors: { loadStatus: fromPromise(() => load()) },
  });
  const actor = createActor(machine).start();
  return { actor, load };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => !s.matches('checking'));

describe('second-factor gate machine', () => {
  it('starts by checking the factor status', () => {
    const { actor, load } = start(status(false, false));
    expect(actor.getSnapshot().value).toBe('checking');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('not enrolled → enrolling → (first code) showingRecoveryCodes → CONTINUE → ready', async () => {
    const { actor } = start(status(false, false));
    expect((await settled(actor)).value).toBe('enrolling');
    // Events of other states are ignored while enrolling.
    actor.send({ type: 'VERIFIED' });
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('enrolling');
    actor.send({ type: 'ENROLMENT_CONFIRMED', recoveryCodes: ['aaaa-bbbb', 'cccc-dddd'] });
    expect(actor.getSnapshot().value).toBe('showingRecoveryCodes');
    expect(actor.getSnapshot().context.recoveryCodes).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().value).toBe('ready');
    // The codes are shown once only.
    expect(actor.getSnapshot().context.recoveryCodes).toEqual([]);
  });

  it('enrolled but this session not verified → verifying → VERIFIED → ready', async () => {
    const { actor } = start(status(true, false));
    expect((await settled(actor)).value).toBe('verifying');
    actor.send({ type: 'ENROLMENT_CONFIRMED', recoveryCodes: ['x'] });
    expect(actor.getSnapshot().value).toBe('verifying');
    actor.send({ type: 'VERIFIED' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('already verified → ready at once', async () => {
    const { actor } = start(status(true, true));
    const s = await settled(actor);
    expect(s.value).toBe('ready');
    expect(s.context.status).toEqual(status(true, true));
  });

  it('a later second_factor_required sends the user back through the gate', async () => {
    const { actor, load } = start(status(true, true), status(true, false));
    expect((await settled(actor)).value).toBe('ready');
    actor.send({ type: 'FACTOR_REQUIRED' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect((await settled(actor)).value).toBe('verifying');
    expect(load).toHaveBeenCalledTimes(2);
    actor.send({ type: 'VERIFIED' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a status that cannot be loaded fails; RETRY checks again', async () => {
    const { actor, load } = start(new ApiError(500, null), status(true, true));
    expect((await settled(actor)).value).toBe('failed');
    actor.send({ type: 'RETRY' });
    expect((await settled(actor)).value).toBe('ready');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
