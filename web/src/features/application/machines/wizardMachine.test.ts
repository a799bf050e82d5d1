import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SectionState } from '../../../lib/api/types';
import { wizardMachine, type WizardSection } from './wizardMachine';

const KEYS = [
  ['key-facts', 'Key Facts'],
  ['quote', 'Quote'],
  ['property-details', 'Property Details'],
  ['owners', 'Owners'],
  ['transfer-of-equity', 'Transfer of Equity'],
  ['property-alterations', 'Property Alterations'],
  ['financial-details', 'Financial Details'],
  ['documents', 'Documents'],
  ['review-and-submit', 'Review & Submit'],
] as const;

/** The nine sections with the given states, in the engine's order. */
function sections(states: SectionState[]): WizardSection[] {
  return KEYS.map(([key, label], i) => ({ key, label, state: states[i] }));
}

const C = 'IS_COMPLETE' as const;
const N = 'NOT_STARTED' as const;
const L = 'LOCKED' as const;
const H = 'HIDDEN' as const;
const D = 'IS_DISABLED' as const;

function start(states: SectionState[], current: string) {
  return createActor(wizardMachine, { input: { sections: sections(states), current } }).start();
}

describe('wizardMachine', () => {
  it('knows the current section and its open neighbours', () => {
    const actor = start([C, C, C, N, H, L, L, L, L], 'property-details');
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('open');
    expect(snap.context.current).toBe('property-details');
    expect(snap.context.previous).toBe('quote');
    expect(snap.context.next).toBe('owners');
  });

  it('NEXT skips hidden sections (transfer of equity absent)', () => {
    const actor = start([C, C, C, C, H, N, N, N, L], 'owners');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('property-alterations');
    expect(actor.getSnapshot().context.previous).toBe('owners');
  });

  it('NEXT skips locked and disabled sections; PREVIOUS skips them going back', () => {
    const actor = start([C, H, C, L, D, N, H, N, L], 'property-details');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('property-alterations');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('documents');
    expect(actor.getSnapshot().context.next).toBeNull();
    actor.send({ type: 'PREVIOUS' });
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe('property-details');
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe('key-facts');
    expect(actor.getSnapshot().context.previous).toBeNull();
  });

  it('NEXT on the last open section and PREVIOUS on the first change nothing', () => {
    const actor = start([C, C, C, C, H, C, H, C, N], 'review-and-submit');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('review-and-submit');
    actor.send({ type: 'GO_TO', key: 'key-facts' });
    actor.send({ type: 'PREVIOUS' });
    expect(actor.getSnapshot().context.current).toBe('key-facts');
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('SECTIONS_UPDATED after a save opens the sections the engine unlocked', () => {
    const actor = start([C, C, N, L, H, L, L, L, L], 'property-details');
    expect(actor.getSnapshot().context.next).toBeNull();
    // The property is saved: the engine now answers Property Details complete, Owners open.
    actor.send({ type: 'SECTIONS_UPDATED', sections: sections([C, C, C, N, H, L, L, L, L]) });
    expect(actor.getSnapshot().context.next).toBe('owners');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('owners');
  });

  it('SECTIONS_UPDATED that locks or hides the current section makes it unavailable', () => {
    const actor = start([C, C, C, C, H, C, C, C, N], 'review-and-submit');
    expect(actor.getSnapshot().value).toBe('open');
    // Submitted: every application section is hidden.
    actor.send({ type: 'SECTIONS_UPDATED', sections: sections([H, H, H, H, H, H, H, H, H]) });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.previous).toBeNull();
    expect(actor.getSnapshot().context.next).toBeNull();
    // Reopened by the engine (returned for corrections): open again.
    actor.send({ type: 'SECTIONS_UPDATED', sections: sections([C, C, C, C, H, C, C, C, N]) });
    expect(actor.getSnapshot().value).toBe('open');
  });

  it('GO_TO follows the route; a locked or unknown key is unavailable', () => {
    const actor = start([C, C, C, N, H, L, L, L, L], 'key-facts');
    actor.send({ type: 'GO_TO', key: 'documents' });
    expect(actor.getSnapshot().value).toBe('unavailable');
    expect(actor.getSnapshot().context.previous).toBe('owners');
    actor.send({ type: 'GO_TO', key: 'nope' });
    expect(actor.getSnapshot().value).toBe('unavailable');
    actor.send({ type: 'GO_TO', key: 'owners' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.next).toBeNull();
  });

  it('a disabled case (INELIGIBLE) has nowhere to go', () => {
    const actor = start([D, D, D, D, H, D, D, D, D], 'key-facts');
    expect(actor.getSnapshot().value).toBe('unavailable');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('key-facts');
  });
});

/** A purchase's nine sections (issue 13), in the engine's order. */
const BUYING_KEYS = [
  ['key-facts', 'Key Facts'],
  ['quote', 'Quote'],
  ['property', 'Property'],
  ['buyer-details', 'Buyer Details'],
  ['purchase-and-financing', 'Purchase & Financing'],
  ['stamp-duty-land-tax', 'Stamp Duty Land Tax'],
  ['loans', 'Loans'],
  ['documents', 'Documents'],
  ['review-and-submit', 'Review & Submit'],
] as const;

function buyingSections(states: SectionState[]): WizardSection[] {
  return BUYING_KEYS.map(([key, label], i) => ({ key, label, state: states[i] }));
}

describe('wizardMachine across the buying sections', () => {
  it('walks a purchase with Next as the engine opens each section (B1..B4 locks)', () => {
    // Quote accepted: Property open, everything after it locked (B2..B4).
    const actor = createActor(wizardMachine, {
      input: { sections: buyingSections([C, C, N, L, L, L, N, L, L]), current: 'property' },
    }).start();
    expect(actor.getSnapshot().context.previous).toBe('quote');
    // Loans has no lock of its own: Next jumps over the locked sections to it.
    expect(actor.getSnapshot().context.next).toBe('loans');

    // The property is saved: Buyer Details opens.
    actor.send({ type: 'SECTIONS_UPDATED', sections: buyingSections([C, C, C, N, L, L, N, L, L]) });
    expect(actor.getSnapshot().context.next).toBe('buyer-details');
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('buyer-details');

    // Buyers complete: Purchase & Financing; then the land tax once that is complete.
    actor.send({ type: 'SECTIONS_UPDATED', sections: buyingSections([C, C, C, C, N, L, N, L, L]) });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('purchase-and-financing');
    actor.send({ type: 'SECTIONS_UPDATED', sections: buyingSections([C, C, C, C, C, N, N, L, L]) });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe('stamp-duty-land-tax');
    expect(actor.getSnapshot().value).toBe('open');

    // Everything done: Review & Submit is the last stop.
    actor.send({ type: 'SECTIONS_UPDATED', sections: buyingSections([C, C, C, C, C, C, C, C, N]) });
    actor.send({ type: 'GO_TO', key: 'review-and-submit' });
    expect(actor.getSnapshot().context.previous).toBe('documents');
    expect(actor.getSnapshot().context.next).toBeNull();
  });

  it('a purchase section the engine locks again becomes unavailable', () => {
    const actor = createActor(wizardMachine, {
      input: {
        sections: buyingSections([C, C, C, C, N, L, N, L, L]),
        current: 'purchase-and-financing',
      },
    }).start();
    expect(actor.getSnapshot().value).toBe('open');
    // A co-buyer was added without their details: Buyer Details is incomplete, P&F locks.
    actor.send({ type: 'SECTIONS_UPDATED', sections: buyingSections([C, C, C, N, L, L, N, L, L]) });
    expect(actor.getSnapshot().value).toBe('unavailable');
  });
});
