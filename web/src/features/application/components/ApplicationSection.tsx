import { Alert, Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Loading } from '../../../components/Loading';
import { RouterLink } from '../../../components/RouterLink';
import type { ExpandedCase } from '../../../lib/api/types';
import { caseQuery, LOAD_ERROR, type CaseKind } from '../../cases';
import type { CaseApi } from '../../cases';
import { wizardMachine } from '../machines/wizardMachine';
import { DocumentsSection } from '../sections/DocumentsSection';
import { FinancialDetailsSection } from '../sections/FinancialDetailsSection';
import { KeyFactsSection } from '../sections/KeyFactsSection';
import { OwnersSection } from '../sections/OwnersSection';
import { PropertyAlterationsSection } from '../sections/PropertyAlterationsSection';
import { PropertyDetailsSection } from '../sections/PropertyDetailsSection';
import { PurchaseFinancingSection } from '../sections/PurchaseFinancingSection';
import { ReviewSubmitSection } from '../sections/ReviewSubmitSection';
import { StampDutySection } from '../sections/StampDutySection';
import { TransferOfEquitySection } from '../sections/TransferOfEquitySection';
import { APPLICATION_TEXTS } from '../texts';
import { WizardNav } from './WizardNav';

type SectionProps<K extends CaseKind> = { caseId: string; expanded: CaseApi[K]['expanded'] };
type SectionMap<K extends CaseKind> = Record<string, ComponentType<SectionProps<K>>>;

/**
 * Each case type's section screens (Quote has its own, from the invitations feature, given as
 * ApplicationSection's `screen`). A form that is the same for both types is one component fed
 * by the case type (Key Facts, Property, Owners / Buyer Details, Financial Details / Loans,
 * Documents, Review & Submit).
 */
const SECTIONS: { [K in CaseKind]: SectionMap<K> } = {
  remortgaging: {
    'key-facts': KeyFactsSection,
    'property-details': PropertyDetailsSection,
    owners: OwnersSection,
    'transfer-of-equity': TransferOfEquitySection,
    'property-alterations': PropertyAlterationsSection,
    'financial-details': FinancialDetailsSection,
    documents: DocumentsSection,
    'review-and-submit': ReviewSubmitSection,
  },
  buying: {
    'key-facts': KeyFactsSection,
    property: PropertyDetailsSection,
    'buyer-details': OwnersSection,
    'purchase-and-financing': PurchaseFinancingSection,
    'stamp-duty-land-tax': StampDutySection,
    loans: FinancialDetailsSection,
    documents: DocumentsSection,
    'review-and-submit': ReviewSubmitSection,
  },
};

function Wizard({
  kind,
  caseId,
  sectionKey,
  expanded,
  screen,
}: {
  kind: CaseKind;
  caseId: string;
  sectionKey: string;
  expanded: ExpandedCase;
  screen?: ReactNode;
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
  // The map of the case's own type: `kind` and `expanded` come from the same query.
  const Section = (SECTIONS[kind] as SectionMap<CaseKind>)[sectionKey] as
    ComponentType<{ caseId: string; expanded: ExpandedCase }> | undefined;
  return (
    <Box sx={{ maxWidth: 760, minWidth: 0 }}>
      {snapshot.matches('unavailable') ? (
        <Stack spacing={2}>
          <Alert severity="info">{APPLICATION_TEXTS.unavailable}</Alert>
          <Box>
            <RouterLink to="/$caseType/$caseId" params={{ caseType: kind, caseId }}>
              {APPLICATION_TEXTS.backToCase}
            </RouterLink>
          </Box>
        </Stack>
      ) : (
        (screen ??
        (Section && (
          <Section key={`${caseId}-${sectionKey}`} caseId={caseId} expanded={expanded} />
        )))
      )}
      <WizardNav kind={kind} caseId={caseId} sections={sections} previous={previous} next={next} />
    </Box>
  );
}

/**
 * An application section page's body under its heading, for either case type: the section's
 * form or summary, then Previous / Next from the wizard machine. A section whose screen is
 * another feature's (the Quote section's quote) passes it as `screen`: it moves between the
 * sections like every other.
 */
export function ApplicationSection({
  kind,
  caseId,
  sectionKey,
  screen,
}: {
  kind: CaseKind;
  caseId: string;
  sectionKey: string;
  screen?: ReactNode;
}) {
  const query = useQuery(caseQuery(kind, caseId));
  if (query.isPending) return <Loading label={APPLICATION_TEXTS.loading} />;
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  }
  return (
    <Wizard
      kind={kind}
      caseId={caseId}
      sectionKey={sectionKey}
      expanded={query.data}
      screen={screen}
    />
  );
}
