import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { RouterLink } from '../../../components/RouterLink';
import type {
  BuyingExpanded,
  CaseSection,
  ExpandedCase,
  Owner,
  RemortgagingExpanded,
} from '../../../lib/api/types';
import { formatDate, formatMoney, fullLegalName } from '../../../lib/format';
import { askForFeedback } from '../../feedback';
import { useSubmitApplication } from '../api/submitApplication';
import { isBuying, kindOf, partiesOf } from '../caseKind';
import type { CaseKind } from '../../cases';
import { FormError } from '../components/FormError';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import { canOpenState } from '../machines/wizardMachine';
import {
  ALTERATIONS_TEXTS,
  APPLICATION_TEXTS,
  DOCUMENTS_TEXTS,
  KEY_FACTS_TEXTS,
  LOANS_TEXTS_BY_KIND,
  PROPERTY_TEXTS,
  PURCHASE_TEXTS,
  REVIEW_TEXTS,
  SDLT_TEXTS,
} from '../texts';
import {
  documentTypeLabel,
  GROUND_RENT_FREQUENCY_LABELS,
  LAND_OWNERSHIP_LABELS,
  labelOf,
  lenderLabel,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
} from '../../../lib/labels';
import { TRANSFER_REASONS } from '../ownersTexts';
import { currentLegalName } from './ownersControls';
import { alterationItem } from './PropertyAlterationsSection';
import { loanItem } from './FinancialDetailsSection';
import { documentGroups } from './DocumentsSection';
import { useKeyFactRows } from './KeyFactsSection';
import { giftItem, isaItem, sourceItem } from './purchaseFinancingItems';
import { landTaxSentence } from './StampDutySection';

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

const none = APPLICATION_TEXTS.notGiven;

// --- Rows both case types have ------------------------------------------------------------

function quoteRows(expanded: ExpandedCase): SummaryRow[] {
  if (!expanded.quote) return [];
  return [
    { term: 'Total', value: formatMoney(expanded.quote.totalAmount) },
    {
      term: 'Accepted',
      value: expanded.quote.acceptedAt
        ? formatDate(expanded.quote.acceptedAt)
        : APPLICATION_TEXTS.notAnswered,
    },
  ];
}

function propertyRows(expanded: ExpandedCase): SummaryRow[] {
  const { property } = expanded;
  return [
    {
      term: isBuying(expanded) ? PROPERTY_TEXTS.buyingLandOwnership : PROPERTY_TEXTS.landOwnership,
      value: property.landOwnership ? labelOf(LAND_OWNERSHIP_LABELS, property.landOwnership) : none,
    },
    {
      term: PROPERTY_TEXTS.propertyType,
      value: property.type ? PROPERTY_TYPE_LABELS[property.type] : none,
    },
    {
      term: PROPERTY_TEXTS.tenure,
      value: property.tenure ? TENURE_LABELS[property.tenure] : none,
    },
  ];
}

function partyRows(expanded: ExpandedCase): SummaryRow[] {
  const term = isBuying(expanded) ? REVIEW_TEXTS.buyer : REVIEW_TEXTS.owner;
  return partiesOf(expanded).map((owner, i) => ({
    term: `${term} ${i + 1}`,
    value: owner.redacted
      ? owner.user.preferredName
      : [ownerName(owner), owner.user.email].filter(Boolean).join(', '),
  }));
}

function loansRows(expanded: ExpandedCase): SummaryRow[] {
  return [
    {
      term: isBuying(expanded) ? REVIEW_TEXTS.buyingHasLoans : REVIEW_TEXTS.hasLoans,
      value: answer(expanded.hasLoans),
    },
    ...expanded.loans.map((loan, i) => {
      const item = loanItem(loan);
      return {
        key: `loan-${loan.id}`,
        term: `${LOANS_TEXTS_BY_KIND[kindOf(expanded)].itemTerm} ${i + 1}`,
        value: [item.title, ...item.details].join(', '),
      };
    }),
  ];
}

function documentsRows(expanded: ExpandedCase): SummaryRow[] {
  const slots = documentGroups(expanded).flatMap((g) => g.slots);
  if (slots.length === 0) {
    return [{ term: DOCUMENTS_TEXTS.documents, value: REVIEW_TEXTS.documentsNone }];
  }
  return slots.map((slot) => ({
    key: String(slot.id),
    term: documentTypeLabel(slot.documentType),
    value: slot.documentId != null ? DOCUMENTS_TEXTS.uploaded : DOCUMENTS_TEXTS.notUploaded,
  }));
}

// --- A remortgage's own sections -----------------------------------------------------------

function remortgagingRows(expanded: RemortgagingExpanded): Record<string, SummaryRow[]> {
  return {
    'property-details': [
      ...propertyRows(expanded),
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
      ...partyRows(expanded),
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
          key: `alteration-${a.id}`,
          term: `${ALTERATIONS_TEXTS.itemTerm} ${i + 1}`,
          value: [item.title, ...item.details].join(', '),
        };
      }),
    ],
    'financial-details': loansRows(expanded),
  };
}

// --- A purchase's own sections -------------------------------------------------------------

function buyingRows(expanded: BuyingExpanded): Record<string, SummaryRow[]> {
  const estimate = expanded.quote?.landTaxEstimate;
  return {
    property: propertyRows(expanded),
    'buyer-details': partyRows(expanded),
    'purchase-and-financing': [
      {
        term: KEY_FACTS_TEXTS.deposit,
        value: expanded.depositAmount != null ? formatMoney(expanded.depositAmount) : none,
      },
      {
        term: PURCHASE_TEXTS.lender,
        value: expanded.lender ? lenderLabel(expanded.lender) : none,
      },
      {
        term: REVIEW_TEXTS.sourcesOfFunds,
        value: listOr(expanded.sourceOfFunds.map((f) => sourceItem(f).title)),
      },
      ...(expanded.isas.length > 0
        ? [
            {
              term: REVIEW_TEXTS.isas,
              value: listOr(expanded.isas.map((isa) => isaItem(isa, expanded.buyers).title)),
            },
          ]
        : []),
      ...(expanded.gifts.length > 0
        ? [
            {
              term: PURCHASE_TEXTS.donorsList,
              value: listOr(
                expanded.gifts.map(
                  (g) => `${giftItem(g).title} (${giftItem(g).details.join(', ')})`,
                ),
              ),
            },
          ]
        : []),
    ],
    'stamp-duty-land-tax': [
      { term: SDLT_TEXTS.multipleProperties, value: answer(expanded.resultsInMultipleProperties) },
      { term: SDLT_TEXTS.replacingMainResidence, value: answer(expanded.isReplacingMainResidence) },
      { term: SDLT_TEXTS.firstTimeBuyer, value: answer(expanded.isFirstTimeBuyer) },
      ...(estimate
        ? [{ term: REVIEW_TEXTS.landTaxEstimate, value: landTaxSentence(estimate) }]
        : []),
    ],
    loans: loansRows(expanded),
  };
}

/** What each section's summary shows, from the expanded case (read-only). */
function useSectionRows(expanded: ExpandedCase): Record<string, SummaryRow[]> {
  const keyFacts = useKeyFactRows(expanded);
  return {
    'key-facts': keyFacts,
    quote: quoteRows(expanded),
    documents: documentsRows(expanded),
    ...(isBuying(expanded) ? buyingRows(expanded) : remortgagingRows(expanded)),
  };
}

function SectionSummary({
  kind,
  caseId,
  section,
  rows,
  editable = true,
}: {
  kind: CaseKind;
  caseId: string;
  section: CaseSection;
  rows: SummaryRow[];
  /** An Edit link to the section when it may be opened (never after submission). */
  editable?: boolean;
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
        {editable && canOpenState(section.state) && (
          <RouterLink
            to="/$caseType/$caseId/application/$section"
            params={{ caseType: kind, caseId, section: section.key }}
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
 * Review & Submit (/application/review-and-submit) of either case type: every section's answers
 * read-only with an Edit link, what is still missing (sections the engine does not call
 * complete, by label, the owners' or buyers' §5 missing-field labels, and a purchase's gift
 * donors), and Submit — enabled only when the engine says the case is ready
 * (`view.readyToSubmit`) and offers this user the `submit_application` transition (never a
 * broker). Submitting moves the case on, and the feedback dialog asks about it.
 */
export function ReviewSubmitSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const rows = useSectionRows(expanded);
  const submit = useSubmitApplication(kind, caseId);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const [declared, setDeclared] = useState(false);
  const { view } = expanded;

  const shown = view.sections.filter((s) => s.state !== 'HIDDEN' && s.key !== 'review-and-submit');
  const missing: ReactNode[] = shown
    .filter((s) => s.state !== 'IS_COMPLETE')
    .map((s) => `${s.label} ${REVIEW_TEXTS.sectionNotComplete}`);
  for (const owner of partiesOf(expanded)) {
    const fields = owner.missingFields;
    if (fields.length > 0) {
      missing.push(`${ownerName(owner)}: ${fields.join(', ')} ${REVIEW_TEXTS.ownerMissing}`);
    }
  }
  if (
    isBuying(expanded) &&
    expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS') &&
    expanded.gifts.length === 0
  ) {
    missing.push(PURCHASE_TEXTS.donorsMissing);
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
      await navigate({ to: '/$caseType/$caseId', params: { caseType: kind, caseId } });
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
          kind={kind}
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
        {canSubmit && (
          <FormControlLabel
            sx={{ alignItems: 'flex-start' }}
            control={
              <Checkbox
                checked={declared}
                onChange={(e) => setDeclared(e.target.checked)}
                sx={{ mt: -1 }}
              />
            }
            label={REVIEW_TEXTS.declaration}
          />
        )}
        <FormError error={failure} />
        {canSubmit && !declared && (
          <Typography variant="body2" color="text.secondary">
            {REVIEW_TEXTS.declarationNeeded}
          </Typography>
        )}
        <Box>
          <Button
            variant="contained"
            size="large"
            disabled={!canSubmit || !declared || submit.isPending}
            onClick={() => void onSubmit()}
          >
            {submit.isPending ? REVIEW_TEXTS.submitting : REVIEW_TEXTS.submit}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}

/**
 * Whether a section is part of this case's application once submitted, when the engine hides
 * every section (spec §2): the sections the case had before, by the same rules (transfer of
 * equity only for that reason, financial details not for a company case). The quote and Review
 * & Submit are not answers.
 */
function partOfApplication(expanded: ExpandedCase, key: string): boolean {
  if (key === 'quote' || key === 'review-and-submit') return false;
  if (isBuying(expanded)) return true;
  if (key === 'transfer-of-equity') {
    return (
      expanded.remortgagingReason === 'REMORTGAGE_TRANSFER_OF_EQUITY' ||
      expanded.transferOfEquity != null
    );
  }
  if (key === 'financial-details') return !expanded.isCompanyCase;
  return true;
}

/**
 * The submitted application of either case type, read-only (the Application & Quote tile,
 * REM-POST-05): each section's answers as Review & Submit shows them, without Edit links.
 */
export function SubmittedApplication({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: ExpandedCase;
}) {
  const kind = kindOf(expanded);
  const rows = useSectionRows(expanded);
  const shown = expanded.view.sections.filter((s) => partOfApplication(expanded, s.key));
  return (
    <Stack spacing={3} data-testid="submitted-application">
      {shown.map((section) => (
        <SectionSummary
          key={section.key}
          kind={kind}
          caseId={caseId}
          section={section}
          rows={rows[section.key] ?? []}
          editable={false}
        />
      ))}
    </Stack>
  );
}

/** An owner's name as the reader may see it: the current legal name, else the preferred name. */
function ownerName(owner: Owner): string {
  const current = currentLegalName(owner.user.legalNames);
  return current ? fullLegalName(current) : owner.user.preferredName;
}
