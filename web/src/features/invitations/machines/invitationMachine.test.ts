import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api/errors';
import type { Quote } from '../../../lib/api/types';
import { quote } from '../../../test/invitations';
import {
  invitationMachine,
  invitationScreen,
  isBusy,
  type AcceptInput,
  type CloseDeclinedOutput,
  type InvitationInput,
  type InvitationVariant,
} from './invitationMachine';

interface Fakes {
  loadQuote?: () => Promise<Quote>;
  accept?: (input: AcceptInput) => Promise<void>;
  decline?: (input: InvitationInput) => Promise<void>;
  closeDeclined?: (input: InvitationInput) => Promise<CloseDeclinedOutput>;
  dismiss?: (input: InvitationInput) => Promise<void>;
}

function start(variant: InvitationVariant, fakes: Fakes = {}) {
  const loadQuote = vi.fn(fakes.loadQuote ?? (() => Promise.resolve(quote())));
  const accept = vi.fn(fakes.accept ?? (() => Promise.resolve()));
  const decline = vi.fn(fakes.decline ?? (() => Promise.resolve()));
  const closeDeclined = vi.fn(fakes.closeDeclined ?? (() => Promise.resolve({ logout: false })));
  const dismiss = vi.fn(fakes.dismiss ?? (() => Promise.resolve()));
  const goToCase = vi.fn();
  const goToGift = vi.fn();
  const logout = vi.fn();
  const actor = createActor(
    invitationMachine.provide({
      actors: {
        loadQuote: fromPromise(() => loadQuote()),
        accept: fromPromise(({ input }) => accept(input)),
        decline: fromPromise(({ input }) => decline(input)),
        closeDeclined: fromPromise(({ input }) => closeDeclined(input)),
        dismiss: fromPromise(({ input }) => dismiss(input)),
      },
      actions: { goToCase, goToGift, logout },
    }),
    { input: { itemId: 9, kind: 'remortgaging', caseId: 1001, variant } },
  );
  actor.start();
  return { actor, loadQuote, accept, decline, closeDeclined, dismiss, goToCase, goToGift, logout };
}

const screenIs = (actor: ReturnType<typeof start>['actor'], screen: string) =>
  waitFor(actor, (s) => invitationScreen(s) === screen);

describe('invitation machine', () => {
  it('QUOTE-11: a quote loads first, then shows with the quote in context', async () => {
    const { actor, loadQuote } = start('quote');
    expect(invitationScreen(actor.getSnapshot())).toBe('loading');
    await screenIs(actor, 'showing');
    expect(loadQuote).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.quote?.id).toBe(77);
  });

  it('INVITE-07 INVITE-09: accepting a quote passes the quote id, then goes to the case', async () => {
    let finish!: () => void;
    const { actor, accept, goToCase } = start('quote', {
      accept: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await screenIs(actor, 'showing');
    actor.send({ type: 'ACCEPT' });
    expect(actor.getSnapshot().matches('accepting')).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    // A second click while the first is under way sends nothing more.
    actor.send({ type: 'ACCEPT' });
    expect(accept).toHaveBeenCalledTimes(1);
    expect(accept.mock.calls[0][0]).toMatchObject({
      itemId: 9,
      kind: 'remortgaging',
      caseId: 1001,
      variant: 'quote',
      quoteId: 77,
    });
    expect(goToCase).not.toHaveBeenCalled();
    finish();
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('toCase');
    expect(goToCase).toHaveBeenCalledTimes(1);
  });

  it('QUOTE-07: a broker quote cannot be declined; a lender invite can', async () => {
    const broker = start('quote');
    await screenIs(broker.actor, 'showing');
    broker.actor.send({ type: 'DECLINE' });
    expect(broker.actor.getSnapshot().matches('showing')).toBe(true);
    expect(broker.decline).not.toHaveBeenCalled();

    const lender = start('lender');
    await screenIs(lender.actor, 'showing');
    lender.actor.send({ type: 'DECLINE' });
    await screenIs(lender.actor, 'declined');
    expect(lender.decline).toHaveBeenCalledWith(expect.objectContaining({ variant: 'lender' }));
  });

  it('QUOTE-08 INVITE-11: Close after declining archives and logs out when told to', async () => {
    const { actor, closeDeclined, logout } = start('lender', {
      closeDeclined: () => Promise.resolve({ logout: true }),
    });
    await screenIs(actor, 'showing');
    actor.send({ type: 'DECLINE' });
    await screenIs(actor, 'declined');
    expect(closeDeclined).not.toHaveBeenCalled();
    actor.send({ type: 'CLOSE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('closed');
    expect(closeDeclined).toHaveBeenCalledWith(expect.objectContaining({ itemId: 9 }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('INVITE-11: a user with another active case stays signed in after Close', async () => {
    const { actor, logout } = start('invitation');
    actor.send({ type: 'DECLINE' });
    await screenIs(actor, 'declined');
    actor.send({ type: 'CLOSE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(logout).not.toHaveBeenCalled();
  });

  it('QUOTE-09: a 404 for the quote is the missing-quote screen; Close dismisses the item', async () => {
    const { actor, dismiss, goToCase } = start('quote', {
      loadQuote: () =>
        Promise.reject(new ApiError(404, { error: { code: 'not_found', message: 'x' } })),
    });
    await screenIs(actor, 'missing');
    actor.send({ type: 'ACCEPT' });
    expect(invitationScreen(actor.getSnapshot())).toBe('missing');
    actor.send({ type: 'CLOSE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(dismiss).toHaveBeenCalledWith(expect.objectContaining({ itemId: 9 }));
    expect(goToCase).not.toHaveBeenCalled();
  });

  it('ERR: any other failure loading the quote is the generic error, and can be retried', async () => {
    let calls = 0;
    const { actor } = start('quote', {
      loadQuote: () =>
        ++calls === 1 ? Promise.reject(new ApiError(500, null)) : Promise.resolve(quote()),
    });
    await screenIs(actor, 'failed');
    expect(actor.getSnapshot().context.error).toBeInstanceOf(ApiError);
    actor.send({ type: 'RETRY' });
    await screenIs(actor, 'showing');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('spec §8: a failed accept shows the generic error; Close closes without going anywhere', async () => {
    const { actor, goToCase, dismiss } = start('quote', {
      accept: () => Promise.reject(new ApiError(409, null)),
    });
    await screenIs(actor, 'showing');
    actor.send({ type: 'ACCEPT' });
    await screenIs(actor, 'failed');
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(goToCase).not.toHaveBeenCalled();
    expect(dismiss).not.toHaveBeenCalled();
  });

  it('spec §8: a failed decline shows the generic error', async () => {
    const { actor } = start('lender', { decline: () => Promise.reject(new ApiError(500, null)) });
    await screenIs(actor, 'showing');
    actor.send({ type: 'DECLINE' });
    await screenIs(actor, 'failed');
  });

  it('INVITE-02 INVITE-03: an invitation shows at once, without loading a quote, and accepts', async () => {
    const { actor, loadQuote, accept, goToCase } = start('invitation');
    expect(invitationScreen(actor.getSnapshot())).toBe('showing');
    expect(loadQuote).not.toHaveBeenCalled();
    actor.send({ type: 'ACCEPT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(accept).toHaveBeenCalledWith(
      expect.objectContaining({ variant: 'invitation', quoteId: null }),
    );
    expect(goToCase).toHaveBeenCalledTimes(1);
  });

  it("INVITE-03 INVITE-06: a donor accepts and is thanked, then Close goes to their gift, never the buyers' case", async () => {
    const { actor, loadQuote, accept, goToCase, goToGift } = start('donor');
    expect(invitationScreen(actor.getSnapshot())).toBe('showing');
    expect(loadQuote).not.toHaveBeenCalled();
    actor.send({ type: 'ACCEPT' });
    await screenIs(actor, 'thanked');
    expect(accept).toHaveBeenCalledWith(expect.objectContaining({ variant: 'donor' }));
    expect(goToCase).not.toHaveBeenCalled();
    expect(goToGift).not.toHaveBeenCalled();
    actor.send({ type: 'CLOSE' });
    expect(goToGift).toHaveBeenCalledTimes(1);
    expect(goToCase).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('done');
    expect(invitationScreen(actor.getSnapshot())).toBe('done');
  });

  it("QUOTE-05: 'Report an issue' opens and closes over the quote", async () => {
    const { actor } = start('quote');
    await screenIs(actor, 'showing');
    actor.send({ type: 'REPORT' });
    expect(actor.getSnapshot().matches({ showing: 'reporting' })).toBe(true);
    actor.send({ type: 'CLOSE_REPORT' });
    expect(actor.getSnapshot().matches({ showing: 'viewing' })).toBe(true);
  });
});
