import { assign, setup } from 'xstate';
import type { CaseSection, SectionState } from '../../../lib/api/types';

/**
 * The application wizard: which section the user is on, and where Previous and Next lead. It is
 * fed by the engine's section states (`expanded.view.sections`) and never decides a section's
 * state itself: a section may be opened when the engine says IS_COMPLETE or NOT_STARTED;
 * HIDDEN, LOCKED and IS_DISABLED sections are skipped. After a save the refetched states arrive
 * as SECTIONS_UPDATED and everything is worked out again from them.
 */
export type WizardSection = Pick<CaseSection, 'key' | 'label' | 'state'>;

export interface WizardContext {
  /** The sections in the engine's order, with the engine's states. */
  sections: WizardSection[];
  /** The section shown now (the route's `{key}`). */
  current: string;
  /** The nearest section before `current` that may be opened, if any. */
  previous: string | null;
  /** The nearest section after `current` that may be opened, if any. */
  next: string | null;
}

export type WizardEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GO_TO'; key: string }
  | { type: 'SECTIONS_UPDATED'; sections: WizardSection[] };

export interface WizardInput {
  sections: WizardSection[];
  current: string;
}

/** The states the engine lets a user open (the same test as the route guard's). */
export function canOpenState(state: SectionState): boolean {
  return state === 'IS_COMPLETE' || state === 'NOT_STARTED';
}

function nearestOpen(sections: WizardSection[], from: number, step: 1 | -1): string | null {
  for (let i = from + step; i >= 0 && i < sections.length; i += step) {
    if (canOpenState(sections[i].state)) return sections[i].key;
  }
  return null;
}

/** The context for `current` among `sections`: its open neighbours either side. */
export function wizardContext(sections: WizardSection[], current: string): WizardContext {
  const index = sections.findIndex((s) => s.key === current);
  if (index < 0) return { sections, current, previous: null, next: null };
  return {
    sections,
    current,
    previous: nearestOpen(sections, index, -1),
    next: nearestOpen(sections, index, 1),
  };
}

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  guards: {
    currentIsOpen: ({ context }) => {
      const entry = context.sections.find((s) => s.key === context.current);
      return !!entry && canOpenState(entry.state);
    },
    hasNext: ({ context }) => context.next !== null,
    hasPrevious: ({ context }) => context.previous !== null,
  },
  actions: {
    goNext: assign(({ context }) =>
      wizardContext(context.sections, context.next ?? context.current),
    ),
    goPrevious: assign(({ context }) =>
      wizardContext(context.sections, context.previous ?? context.current),
    ),
    goTo: assign(({ context, event }) =>
      event.type === 'GO_TO' ? wizardContext(context.sections, event.key) : context,
    ),
    updateSections: assign(({ context, event }) =>
      event.type === 'SECTIONS_UPDATED' ? wizardContext(event.sections, context.current) : context,
    ),
  },
}).createMachine({
  id: 'applicationWizard',
  context: ({ input }) => wizardContext(input.sections, input.current),
  initial: 'checking',
  on: {
    SECTIONS_UPDATED: { target: '.checking', actions: 'updateSections' },
    GO_TO: { target: '.checking', actions: 'goTo' },
    NEXT: { guard: 'hasNext', target: '.checking', actions: 'goNext' },
    PREVIOUS: { guard: 'hasPrevious', target: '.checking', actions: 'goPrevious' },
  },
  states: {
    checking: {
      always: [{ guard: 'currentIsOpen', target: 'open' }, { target: 'unavailable' }],
    },
    /** The current section may be filled in. */
    open: {},
    /** The engine no longer lets the user open the current section (or it does not exist). */
    unavailable: {},
  },
});
