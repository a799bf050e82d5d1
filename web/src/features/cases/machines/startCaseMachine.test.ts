import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { startCaseMachine } from './startCaseMachine';

const created = (status: string) => ({
  caseId: 7,
  caseType: 'REMORTGAGING',
  status,
  ineligibilityReason: status === 'INELIGIBLE' ? 'BUY_TO_LET' : null,
  ineligibilityMessage: null,
  quote: null,
});

describe('startCaseMachine', () => {
  it('LIST-47: a broker goes eligibility → client → property → created', () => {
    const actor = createActor(startCaseMachine, { input: { isBroker: true } }).start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('client');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('property');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CREATED', result: created('BROKER_APPLICATION') });
    expect(actor.getSnapshot().value).toBe('created');
  });

  it('LIST-42: a customer skips the client step; BACK returns to eligibility', () => {
    const actor = createActor(startCaseMachine, { input: { isBroker: false } }).start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('property');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('eligibility');
  });

  it('ELIG-04: the server answering INELIGIBLE ends in ineligible; a failure returns to the form', () => {
    const actor = createActor(startCaseMachine, { input: { isBroker: false } }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('property');
    expect(actor.getSnapshot().context.failed).toBe(true);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CREATED', result: created('INELIGIBLE') });
    expect(actor.getSnapshot().value).toBe('ineligible');
  });
});
