import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CaseCreated } from '../../../lib/api/types';
import { startCaseMachine, stepPosition } from './startCaseMachine';

const created = (status: CaseCreated['status']): CaseCreated => ({
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

describe('startCaseMachine for a purchase (issue 28)', () => {
  it('asks the price after the property, and creates the case from there', () => {
    const actor = createActor(startCaseMachine, {
      input: { isBroker: true, asksPrice: true },
    }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('property');
    // The property step does not create a purchase.
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('property');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('price');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('property');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED' });
    expect(actor.getSnapshot().value).toBe('price');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CREATED', result: created('BROKER_APPLICATION') });
    expect(actor.getSnapshot().value).toBe('created');
  });

  it('a remortgage has no price step', () => {
    const actor = createActor(startCaseMachine, { input: { isBroker: false } }).start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('property');
  });
});

describe('stepPosition', () => {
  it('counts three steps for a broker', () => {
    expect(stepPosition('eligibility', true)).toEqual({ step: 1, of: 3 });
    expect(stepPosition('client', true)).toEqual({ step: 2, of: 3 });
    expect(stepPosition('property', true)).toEqual({ step: 3, of: 3 });
    expect(stepPosition('submitting', true)).toEqual({ step: 3, of: 3 });
  });

  it('counts two steps for a customer, who has no client step', () => {
    expect(stepPosition('eligibility', false)).toEqual({ step: 1, of: 2 });
    expect(stepPosition('property', false)).toEqual({ step: 2, of: 2 });
  });

  it('counts the price step of a purchase', () => {
    expect(stepPosition('eligibility', true, true)).toEqual({ step: 1, of: 4 });
    expect(stepPosition('property', true, true)).toEqual({ step: 3, of: 4 });
    expect(stepPosition('price', true, true)).toEqual({ step: 4, of: 4 });
    expect(stepPosition('submitting', true, true)).toEqual({ step: 4, of: 4 });
    expect(stepPosition('property', false, true)).toEqual({ step: 2, of: 3 });
    expect(stepPosition('price', false, true)).toEqual({ step: 3, of: 3 });
  });

  it('has no position once the answer is in', () => {
    expect(stepPosition('ineligible', true)).toBeNull();
  });
});
