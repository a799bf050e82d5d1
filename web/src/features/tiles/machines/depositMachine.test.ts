import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { PaymentStarted } from '../api/depositPayment';
import { depositMachine, type AnswerInput, type DepositInput } from './depositMachine';

const STRIPE: PaymentStarted = {
  provider: 'STRIPE',
  reference: 'cs_test_1',
  amount: 30_000,
  redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
  expiresAt: '2026-03-20T11:00:00Z',
};
const LOCAL: PaymentStarted = {
  provider: 'LOCAL',
  reference: 'local-7',
  amount: 30_000,
  redirectUrl: null,
  expiresAt: '2026-03-20T11:00:00Z',
};

function start(
  startPayment: () => Promise<PaymentStarted>,
  answerPayment: (input: AnswerInput) => Promise<unknown> = () => Promise.resolve({}),
) {
  const started = vi.fn((_input: DepositInput) => startPayment());
  const answered = vi.fn(answerPayment);
  const redirect = vi.fn();
  const actor = createActor(
    depositMachine.provide({
      actors: {
        startPayment: fromPromise(({ input }) => started(input)),
        answerPayment: fromPromise(({ input }) => answered(input)),
      },
      actions: {
        redirect: (_, params) => redirect(params.url),
      },
    }),
    { input: { caseId: 1001 } },
  );
  actor.start();
  return { actor, started, answered, redirect };
}

const conflict = (code: string, message: string) => new ApiError(409, { error: { code, message } });

describe('depositMachine', () => {
  it('starts idle and calls nothing until PAY', () => {
    const { actor, started } = start(() => Promise.resolve(STRIPE));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(started).not.toHaveBeenCalled();
  });

  it('BUY-POST-12 STRIPE: PAY → starting → redirecting, sending the browser to the checkout once', async () => {
    const { actor, started, redirect, answered } = start(() => Promise.resolve(STRIPE));
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().value).toBe('starting');
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(started).toHaveBeenCalledWith({ caseId: 1001 });
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(redirect).toHaveBeenCalledWith(STRIPE.redirectUrl);
    expect(actor.getSnapshot().context.payment).toEqual(STRIPE);
    // Nothing answers a provider's payment from the page.
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(answered).not.toHaveBeenCalled();
  });

  it('BUY-POST-12 LOCAL: the test panel waits; CONFIRM answers PAID with the reference → paid', async () => {
    const { actor, answered, redirect } = start(() => Promise.resolve(LOCAL));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    expect(redirect).not.toHaveBeenCalled();
    expect(answered).not.toHaveBeenCalled();
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('confirming');
    await waitFor(actor, (s) => s.matches('paid'));
    expect(answered).toHaveBeenCalledTimes(1);
    expect(answered).toHaveBeenCalledWith({ reference: 'local-7', outcome: 'PAID' });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('LOCAL: CANCEL answers CANCELLED → cancelled, and PAY starts a new payment', async () => {
    const { actor, started, answered } = start(() => Promise.resolve(LOCAL));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    actor.send({ type: 'CANCEL' });
    await waitFor(actor, (s) => s.matches('cancelled'));
    expect(answered).toHaveBeenCalledWith({ reference: 'local-7', outcome: 'CANCELLED' });
    actor.send({ type: 'PAY' });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(actor.getSnapshot().context.outcome).toBeNull();
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('a 409 (already paid) fails with the error; RETRY starts again and clears it', async () => {
    let attempt = 0;
    const { actor, started } = start(() =>
      ++attempt === 1
        ? Promise.reject(conflict('already_paid', 'This payment has already been made.'))
        : Promise.resolve(LOCAL),
    );
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('failed'));
    const error = actor.getSnapshot().context.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('already_paid');
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('starting');
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    expect(started).toHaveBeenCalledTimes(2);
  });

  it('a refused confirmation (409 section_closed) fails, not paid', async () => {
    const { actor } = start(
      () => Promise.resolve(LOCAL),
      () => Promise.reject(conflict('section_closed', 'The deposit is not open yet.')),
    );
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect((actor.getSnapshot().context.error as ApiError).message).toBe(
      'The deposit is not open yet.',
    );
    expect(actor.getSnapshot().context.outcome).toBe('PAID');
  });

  it('a provider payment without a checkout page fails instead of redirecting nowhere', async () => {
    const { actor, redirect } = start(() => Promise.resolve({ ...STRIPE, redirectUrl: null }));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(redirect).not.toHaveBeenCalled();
  });

  it('PAY while starting sends nothing more', async () => {
    const { actor, started } = start(() => Promise.resolve(LOCAL));
    actor.send({ type: 'PAY' });
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('awaitingLocalConfirmation'));
    expect(started).toHaveBeenCalledTimes(1);
  });
});
