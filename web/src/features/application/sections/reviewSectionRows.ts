import type { SummaryRow } from '../../../components/SummaryList';
import type {
  BuyingExpanded,
  ExpandedCase,
  Owner,
  RemortgagingExpanded,
} from '../../../lib/api/types';
import { formatDate, formatMoney, fullLegalName } from '../../../lib/format';
import { documentTypeLabel } from '../../../lib/documentLabels';
import {
  GROUND_RENT_FREQUENCY_LABELS,
  LAND_OWNERSHIP_LABELS,
  labelOf,
  lenderLabel,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
} from '../../../lib/labels';
import { isBuying, kindOf, partiesOf } from '../caseKind';
import { TRANSFER_REASONS } from '../transferTexts';
import { DOCUMENTS_TEXTS } from '../documentsTexts';
import { PURCHASE_TEXTS, SDLT_TEXTS } from '../purchaseTexts';
import {
  ALTERATIONS_TEXTS,
  APPLICATION_TEXTS,
  KEY_FACTS_TEXTS,
  LOANS_TEXTS_BY_KIND,
  PROPERTY_TEXTS,
  REVIEW_TEXTS,
} from '../texts';
import { documentGroups } from './documentGroups';
import { loanItem } from './FinancialDetailsSection';
import { useKeyFactRows } from './KeyFactsSection';
import { currentLegalName } from './ownersFormat';
import { alterationItem } from './PropertyAlterationsSection';
import { giftItem, isaItem, sourceItem } from './purchaseFinancingItems';
import { landTaxSentence } from './StampDutySection';

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
export function useSectionRows(expanded: ExpandedCase): Record<string, SummaryRow[]> {
  const keyFacts = useKeyFactRows(expanded);
  return {
    'key-facts': keyFacts,
    quote: quoteRows(expanded),
    documents: documentsRows(expanded),
    ...(isBuying(expanded) ? buyingRows(expanded) : remortgagingRows(expanded)),
  };
}

/** An owner's name as the reader may see it: the current legal name, else the preferred name. */
export function ownerName(owner: Owner): string {
  const current = currentLegalName(owner.user.legalNames);
  return current ? fullLegalName(current) : owner.user.preferredName;
}
