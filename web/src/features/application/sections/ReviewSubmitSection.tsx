import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import type { CaseSection, Owner, RemortgagingExpanded } from '../../../lib/api/types';
import { formatDate, formatMoney } from '../../../lib/format';
import { documentTypeLabel } from '../../documents';
import { askForFeedback } from '../../feedback';
import { useSubmitApplication } from '../api/submitApplication';
import { FormError } from '../components/FormError';
import { SummaryList, type SummaryRow } from '../components/SummaryList';
import { canOpenState } from '../machines/wizardMachine';
import {
  ALTERATIONS_TEXTS,
  APPLICATION_TEXTS,
  CHARGE_TYPE_LABELS,
  DOCUMENTS_TEXTS,
  GROUND_RENT_FREQUENCY_LABELS,
  LAND_OWNERSHIP_LABELS,
  PROPERTY_TEXTS,
  PROPERTY_TYPE_LABELS,
  REVIEW_TEXTS,
  TENURE_LABELS,
} from '../texts';
import { TRANSFER_REASONS } from '../ownersTexts';
import { currentLegalName, fullLegalName, missingOwnerFields } from './ownersControls';
import { alterationItem } from './PropertyAlterationsSection';
import { loanItem } from './FinancialDetailsSection';
import { useKeyFactRows } from './KeyFactsSection';

/** The transition the engine offers for submitting (workflows/remortgaging.toml). */
export const SUBMIT_TRANSITION = 'submit_application';

const answer = (value: boolean | null | undefined) =>
  value === true
    ? APPLICATION_TEXTS.yes
    : value === false
      ? APPLICATION_TEXTS.no
      : APPLICATION_TEXTS.notAnswered;

const listOr = (items: string[]) =>
  items.length > 0 ? items.join(', ') : APPLICATION_TEXTS.notGiven;

/** What each section's summary shows, from the expanded case (read-only). */
function useSectionRows(expanded: RemortgagingExpanded): Record<string, SummaryRow[]> {
  const keyFacts = useKeyFactRows(expanded);
  const { property } = expanded;
  const landOwnership = property.landOwnership as keyof typeof LAND_OWNERSHIP_LABELS | null;
  const slots = [
    ...expanded.requiredDocuments.documents,
    ...expanded.requiredDocuments.alterationDocuments.flatMap((g) => g.requiredDocuments),
    ...expanded.requiredDocuments.buyToLetDocuments,
  ];
  const none = APPLICATION_TEXTS.notGiven;
  return {
    'key-facts': keyFacts,
    quote: expanded.quote
      ? [
          { term: 'Total', value: formatMoney(expanded.quote.totalAmount) },
          {
            term: 'Accepted',
            value: expanded.quote.acceptedAt
              ? formatDate(expanded.quote.acceptedAt)
              : APPLICATION_TEXTS.notAnswered,
          },
        ]
      : [],
    'property-details': [
      {
        term: PROPERTY_TEXTS.landOwnership,
        value: landOwnership ? (LAND_OWNERSHIP_LABELS[landOwnership] ?? landOwnership) : none,
      },
      {
        term: PROPERTY_TEXTS.propertyType,
        value: property.type ? PROPERTY_TYPE_LABELS[property.type] : none,
      },
      {
        term: PROPERTY_TEXTS.tenure,
        value: property.tenure ? TENURE_LABELS[property.tenure] : none,
      },
      ...(expanded.groundRent
        ? [
            {
              term: PROPERTY_TEXTS.groundRentHeading,
              value: `${formatMoney(expanded.groundRent.amount)}, ${GROUND_RENT_FREQUENCY_LABELS[expanded.groundRent.frequency].toLowerCase()}`,
            },
          ]
        : []),
    ],
    owners: [
      ...expanded.propertyOwners.map((owner, i) => ({
        term: `${REVIEW_TEXTS.owner} ${i + 1}`,
        value: owner.redacted
          ? owner.user.preferredName
          : [ownerName(owner), owner.user.email].filter(Boolean).join(', '),
      })),
      {
        term: REVIEW_TEXTS.occupants,
        value:
          expanded.hasAdultOccupants === true
            ? listOr(expanded.occupants.map((o) => o.fullName))
            : answer(expanded.hasAdultOccupants),
      },
    ],
    'transfer-of-equity': [
      {
        term: REVIEW_TEXTS.transferReason,
        value: expanded.transferOfEquity?.reason
          ? TRANSFER_REASONS[expanded.transferOfEquity.reason].label
          : none,
      },
      {
        term: REVIEW_TEXTS.removedOwners,
        value: listOr((expanded.transferOfEquity?.removedOwners ?? []).map((o) => o.fullName)),
      },
    ],
    'property-alterations': [
      { term: REVIEW_TEXTS.hasAlterations, value: answer(expanded.hasAlterations) },
      ...expanded.alterations.map((a, i) => {
        const item = alterationItem(a);
        return {
          term: `${ALTERATIONS_TEXTS.listHeading} ${i + 1}`,
          value: [item.title, ...item.details].join(', '),
        };
      }),
    ],
    'financial-details': [
      { term: REVIEW_TEXTS.hasLoans, value: answer(expanded.hasLoans) },
      ...expanded.loans.map((loan, i) => {
        const item = loanItem(loan);
        return {
          term: `${CHARGE_TYPE_LABELS[loan.chargeType]} ${i + 1}`,
          value: [item.title, ...item.details].join(', '),
        };
      }),
    ],
    documents:
      slots.length === 0
        ? [{ term: DOCUMENTS_TEXTS.documents, value: REVIEW_TEXTS.documentsNone }]
        : slots.map((slot) => ({
            key: String(slot.id),
            term: documentTypeLabel(slot.documentType),
            value: slot.documentId != null ? DOCUMENTS_TEXTS.uploaded : DOCUMENTS_TEXTS.notUploaded,
          })),
  };
}

function SectionSummary({
  caseId,
  section,
  rows,
}: {
  caseId: string;
  section: CaseSection;
  rows: SummaryRow[];
}) {
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      data-section={section.key}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}
      >
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
          {section.label}
        </Typography>
        {canOpenState(section.state) && (
          <RouterLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: 'remortgaging', caseId, section: section.key }}
            aria-label={`${REVIEW_TEXTS.edit} ${section.label}`}
          >
            {REVIEW_TEXTS.edit}
          </RouterLink>
        )}
      </Stack>
      <SummaryList rows={rows} />
    </Box>
  );
}

function Missing({ items }: { items: ReactNode[] }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="missing-items">
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {REVIEW_TEXTS.missingHeading}
      </Typography>
      {items.length === 0 ? (
        <Typography>{REVIEW_TEXTS.nothingMissing}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 3, m: 0 }}>
          {items.map((item, i) => (
            <Typography component="li" key={i} sx={{ overflowWrap: 'anywhere' }}>
              {item}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * Review & Submit (/application/review-and-submit): every section's answers read-only with an
 * Edit link, what is still missing (sections the engine does not call complete, by label, and
 * the owners' §5 missing-field labels), and Submit — enabled only when the engine says the
 * case is ready (`view.readyToSubmit`) and offers this user the `submit_application`
 * transition. Submitting moves the case on, and the feedback dialog asks about it.
 */
export function ReviewSubmitSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
}) {
  const rows = useSectionRows(expanded);
  const submit = useSubmitApplication(caseId);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const { view } = expanded;

  const shown = view.sections.filter((s) => s.state !== 'HIDDEN' && s.key !== 'review-and-submit');
  const missing: ReactNode[] = shown
    .filter((s) => s.state !== 'IS_COMPLETE')
    .map((s) => `${s.label} ${REVIEW_TEXTS.sectionNotComplete}`);
  for (const owner of expanded.propertyOwners) {
    const fields = missingOwnerFields(owner);
    if (fields.length > 0) {
      missing.push(`${ownerName(owner)}: ${fields.join(', ')} ${REVIEW_TEXTS.ownerMissing}`);
    }
  }

  const transition = view.transitions.find((t) => t.name === SUBMIT_TRANSITION);
  const canSubmit = view.readyToSubmit && !!transition?.allowed;
  const why = !transition
    ? REVIEW_TEXTS.brokerCannotSubmit
    : !canSubmit
      ? (transition.reason ?? REVIEW_TEXTS.notReady)
      : null;

  const onSubmit = async () => {
    setFailure(null);
    try {
      const moved = await submit.mutateAsync();
      askForFeedback({
        feedbackPoint: 'SUBMIT_APPLICATION',
        caseType: moved.caseType,
        caseId: moved.caseId,
      });
      await navigate({ to: '/$caseType/$caseId', params: { caseType: 'remortgaging', caseId } });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Stack spacing={3}>
      <Typography>{REVIEW_TEXTS.intro}</Typography>
      <Missing items={missing} />
      {shown.map((section) => (
        <SectionSummary
          key={section.key}
          caseId={caseId}
          section={section}
          rows={rows[section.key] ?? []}
        />
      ))}
      <Stack spacing={2}>
        {why && (
          <Alert severity="info" data-testid="submit-why">
            {why}
          </Alert>
        )}
        <FormError error={failure} />
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={!canSubmit || submit.isPending}
            onClick={() => void onSubmit()}
          >
            {submit.isPending ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

/** An owner's name as the reader may see it: the current legal name, else the preferred name. */
function ownerName(owner: Owner): string {
  const current = currentLegalName(owner.user.legalNames);
  return current ? fullLegalName(current) : owner.user.preferredName;
}
