import { Alert, Box, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { SupportLink } from '../../../components/SupportLink';
import type { Stage } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { LOAD_ERROR } from '../../cases';
import { useStages } from '../api/getStages';
import { HELP_TEXTS } from '../texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** One case type's stages as a numbered list: the stage's name, then what happens in it. */
function Stages({ stages }: { stages: Stage[] }) {
  return (
    <Box component="ol" sx={{ pl: 3, m: 0 }}>
      {stages.map((stage) => (
        <Box component="li" key={stage.status} sx={{ mb: 1.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {stage.label}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{stage.guide}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /help (HELP-01, HELP-02): the support contact, the way to the assistant (users with AI_BOT,
 * HELP-03), who to ask about a quote, and how a remortgage and (for users with buying) a
 * purchase proceed, stage by stage, from the workflow files.
 */
export function HelpPage() {
  const { isBroker, buyingEnabled, assistantEnabled } = useSession();
  const stages = useStages();
  let guides;
  if (stages.isPending) {
    guides = <Loading label={HELP_TEXTS.loading} />;
  } else if (stages.isError) {
    guides = (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  } else {
    guides = (
      <>
        <Section title={HELP_TEXTS.remortgageTitle}>
          <Stages stages={stages.data.remortgaging} />
        </Section>
        {(isBroker || buyingEnabled) && (
          <Section title={HELP_TEXTS.purchaseTitle}>
            <Stages stages={stages.data.buying} />
          </Section>
        )}
      </>
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeading>Help</PageHeading>
      <Section title={HELP_TEXTS.contactTitle}>
        <Typography>
          {HELP_TEXTS.contact} <SupportLink />.
        </Typography>
      </Section>
      {assistantEnabled && (
        <Section title={HELP_TEXTS.assistantTitle}>
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography>{HELP_TEXTS.assistant}</Typography>
            <ButtonLink to="/assistant" variant="outlined">
              {HELP_TEXTS.assistantButton}
            </ButtonLink>
          </Stack>
        </Section>
      )}
      {!isBroker && (
        <Section title={HELP_TEXTS.brokerTitle}>
          <Typography>{HELP_TEXTS.broker}</Typography>
        </Section>
      )}
      {guides}
    </Stack>
  );
}
