import { Box, Typography } from '@mui/material';
import { SectionCard } from '../../../components/SectionCard';
import type { ExpandedCase } from '../../../lib/api/types';
import { formatDate } from '../../../lib/format';
import { useSession } from '../../auth';
import { WAITS_ON_LABELS } from './CaseContext';

type Stage = ExpandedCase['timeline'][number];

export const TIMELINE_TEXTS = {
  heading: 'Timeline',
  stages: 'Stages of the case',
  intro:
    'Where the case is and when each stage is expected, from how long each stage usually takes. The dates ahead move when a stage takes longer.',
  done: (from: string, to: string) => (from === to ? `Done ${to}` : `${from} to ${to}`),
  now: 'Now',
  since: (date: string) => `Since ${date}`,
  waitingOn: (who: string) => `waiting on ${who.toLowerCase()}`,
  expectedBy: (date: string) => `Expected by ${date}`,
  overdue: (date: string) => `Taking longer than expected (expected by ${date})`,
  reached: (date: string) => `Reached ${date}`,
  offerExpires: (date: string) =>
    `The mortgage offer expires on ${date}: the case completes before then.`,
  offerAtRisk: (date: string) =>
    `The mortgage offer expires on ${date}, before the expected completion. We will ask the lender to extend it if we need to.`,
} as const;

/** What a stage says under its name: its dates, and for the current one who it waits on. */
function stageDates(stage: Stage, waitsOn: string | null): string {
  const T = TIMELINE_TEXTS;
  const date = (d: string | null | undefined) => (d ? formatDate(d) : '');
  switch (stage.state) {
    case 'DONE':
      return stage.finishedOn
        ? T.done(date(stage.startedOn), date(stage.finishedOn))
        : T.reached(date(stage.startedOn));
    case 'CURRENT': {
      const parts = [stage.startedOn ? T.since(date(stage.startedOn)) : null];
      if (waitsOn) parts.push(T.waitingOn(waitsOn));
      const first = parts.filter(Boolean).join(', ');
      if (!stage.expectedBy) return first;
      const expected = stage.overdue
        ? T.overdue(date(stage.expectedBy))
        : T.expectedBy(date(stage.expectedBy));
      return first ? `${first}. ${expected}` : expected;
    }
    case 'AHEAD':
      return stage.expectedBy ? T.expectedBy(date(stage.expectedBy)) : '';
  }
}

const DOT: Record<Stage['state'], { bg: string; border: string }> = {
  DONE: { bg: 'success.main', border: 'success.main' },
  CURRENT: { bg: 'primary.main', border: 'primary.main' },
  AHEAD: { bg: 'background.paper', border: 'grey.500' },
};

/**
 * The case as a picture (issue 32): its stages in order — those done with their dates, the
 * current one since when, who it waits on and when it should be done (or that it is taking
 * longer), those ahead with expected dates. The server works the dates out from the workflow
 * files' typical durations and the agreed completion date; nothing here computes one.
 */
export function CaseTimeline({ expanded }: { expanded: ExpandedCase }) {
  const { isBroker } = useSession();
  const stages = expanded.timeline;
  if (stages.length === 0) return null;
  const waitsOn = (stage: Stage) =>
    stage.waitsOn ? WAITS_ON_LABELS[isBroker ? 'broker' : 'customer'][stage.waitsOn] : null;
  return (
    <SectionCard title={TIMELINE_TEXTS.heading}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {TIMELINE_TEXTS.intro}
      </Typography>
      <Box component="ol" aria-label={TIMELINE_TEXTS.stages} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {stages.map((stage, i) => {
          const last = i === stages.length - 1;
          const current = stage.state === 'CURRENT';
          return (
            <Box
              component="li"
              key={stage.status}
              aria-current={current ? 'step' : undefined}
              data-state={stage.state}
              sx={{ display: 'grid', gridTemplateColumns: '1.5rem 1fr', columnGap: 1 }}
            >
              {/* The dot and the line down to the next stage. */}
              <Box
                aria-hidden
                sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}
              >
                <Box
                  sx={{
                    width: 14,
                    height: 14,
                    mt: 0.5,
                    borderRadius: '50%',
                    border: 2,
                    bgcolor: DOT[stage.state].bg,
                    borderColor: DOT[stage.state].border,
                  }}
                />
                {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.25 }} />}
              </Box>
              <Box sx={{ pb: last ? 0 : 1.5, minWidth: 0 }}>
                <Typography sx={{ fontWeight: current ? 700 : 500 }}>
                  {current && <span>{`${TIMELINE_TEXTS.now}: `}</span>}
                  {stage.label}
                </Typography>
                <Typography
                  variant="body2"
                  sx={{
                    color: current && stage.overdue ? 'error.main' : 'text.secondary',
                    fontWeight: current && stage.overdue ? 600 : 400,
                  }}
                >
                  {stageDates(stage, waitsOn(stage))}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      <OfferExpiry expanded={expanded} />
    </SectionCard>
  );
}

/**
 * The recorded offer's expiry, the one date the completion must come before: said plainly, and
 * as a warning when the expected completion falls after it.
 */
function OfferExpiry({ expanded }: { expanded: ExpandedCase }) {
  const expires = expanded.offerExpiresOn;
  if (!expires) return null;
  const completion = expanded.timeline.at(-1);
  const late =
    completion?.state === 'AHEAD' && !!completion.expectedBy && completion.expectedBy > expires;
  return (
    <Typography
      variant="body2"
      role={late ? 'alert' : undefined}
      sx={{ mt: 1.5, color: late ? 'error.main' : 'text.primary', fontWeight: late ? 600 : 400 }}
    >
      {late
        ? TIMELINE_TEXTS.offerAtRisk(formatDate(expires))
        : TIMELINE_TEXTS.offerExpires(formatDate(expires))}
    </Typography>
  );
}
