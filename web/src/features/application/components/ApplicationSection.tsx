import { Alert, Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, type ComponentType } from 'react';
import { Loading } from '../../../components/Loading';
import { RouterLink } from '../../../components/RouterLink';
import type { RemortgagingExpanded } from '../../../lib/api/types';
import { caseQuery, LOAD_ERROR } from '../../cases';
import { wizardMachine } from '../machines/wizardMachine';
import { DocumentsSection } from '../sections/DocumentsSection';
import { FinancialDetailsSection } from '../sections/FinancialDetailsSection';
import { KeyFactsSection } from '../sections/KeyFactsSection';
import { OwnersSection } from '../sections/OwnersSection';
import { PropertyAlterationsSection } from '../sections/PropertyAlterationsSection';
import { PropertyDetailsSection } from '../sections/PropertyDetailsSection';
import { ReviewSubmitSection } from '../sections/ReviewSubmitSection';
import { TransferOfEquitySection } from '../sections/TransferOfEquitySection';
import { APPLICATION_TEXTS } from '../texts';
import { WizardNav } from './WizardNav';

type SectionProps = { caseId: string; expanded: RemortgagingExpanded };

/** Each remortgaging section's screen (Quote has its own, from the invitations feature). */
const SECTIONS: Record<string, ComponentType<SectionProps>> = {
  'key-facts': KeyFactsSection,
  'property-details': PropertyDetailsSection,
  owners: OwnersSection,
  'transfer-of-equity': TransferOfEquitySection,
  'property-alterations': PropertyAlterationsSection,
  'financial-details': FinancialDetailsSection,
  documents: DocumentsSection,
  'review-and-submit': ReviewSubmitSection,
};

function Wizard({
  caseId,
  sectionKey,
  expanded,
}: {
  caseId: string;
  sectionKey: string;
  expanded: RemortgagingExpanded;
}) {
  const sections = expanded.view.sections;
  const [snapshot, send] = useMachine(wizardMachine, {
    input: { sections, current: sectionKey },
  });
  // The route says which section is shown; the refetched case (after every save, and at an
  // interval) says what the engine allows now. Query results keep their identity when nothing
  // changed, so these run only on a real change.
  useEffect(() => send({ type: 'GO_TO', key: sectionKey }), [send, sectionKey]);
  useEffect(() => send({ type: 'SECTIONS_UPDATED', sections }), [send, sections]);

  const { previous, next } = snapshot.context;
  const Section = SECTIONS[sectionKey];
  return (
    <Box sx={{ maxWidth: 760, minWidth: 0 }}>
      {snapshot.matches('unavailable') ? (
        <Stack spacing={2}>
          <Alert severity="info">{APPLICATION_TEXTS.unavailable}</Alert>
          <Box>
            <RouterLink to="/$caseType/$caseId" params={{ caseType: 'remortgaging', caseId }}>
              {APPLICATION_TEXTS.backToCase}
            </RouterLink>
          </Box>
        </Stack>
      ) : (
        Section && <Section key={`${caseId}-${sectionKey}`} caseId={caseId} expanded={expanded} />
      )}
      <WizardNav caseId={caseId} sections={sections} previous={previous} next={next} />
    </Box>
  );
}

/**
 * A remortgaging application section page's body under its heading: the section's form or
 * summary, then Previous / Next from the wizard machine.
 */
export function ApplicationSection({ caseId, sectionKey }: { caseId: string; sectionKey: string }) {
  const query = useQuery(caseQuery('remortgaging', caseId));
  if (query.isPending) return <Loading label={APPLICATION_TEXTS.loading} />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  }
  return <Wizard caseId={caseId} sectionKey={sectionKey} expanded={query.data} />;
}
