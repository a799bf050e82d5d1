import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import type { BuyingExpanded, ExpandedCase, RemortgagingExpanded } from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import {
  GROUND_RENT_FREQUENCY_LABELS,
  JURISDICTION_LABELS,
  LAND_OWNERSHIP_LABELS,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
  TRANSFER_REASON_LABELS,
} from '../../../lib/labels';
import {
  alterationItem,
  giftItem,
  isaItem,
  isBuying,
  landTaxSentence,
  loanItem,
  SDLT_TEXTS,
  sourceItem,
} from '../../application';
import { propertyAddress } from '../../cases';
import { answerTexts as T, STAFF_TEXTS } from '../texts';
import { labelled, lender, money, yesNo } from './answerRows';
import { identityLabel } from './IdentityReview';
import { PartyGroup, type Party } from './PartyAnswers';

// What each of the application's own sections shows, by case type.

const itemRow = (
  item: { id: number; title: string; details: string[] },
  key: string,
): SummaryRow => ({
  key: `${key}-${item.id}`,
  term: item.title,
  value: item.details.join(', ') || T.noDetails,
});

function propertyRows(expanded: ExpandedCase): SummaryRow[] {
  const p = expanded.property;
  const ground = !isBuying(expanded) ? expanded.groundRent : null;
  return [
    { term: T.address, value: propertyAddress(p) ?? T.notGiven },
    { term: T.jurisdiction, value: labelled(JURISDICTION_LABELS, p.jurisdiction) ?? T.notGiven },
    { term: T.tenure, value: labelled(TENURE_LABELS, p.tenure) ?? T.notGiven },
    { term: T.propertyType, value: labelled(PROPERTY_TYPE_LABELS, p.type) ?? T.notGiven },
    {
      term: T.landOwnership,
      value: labelled(LAND_OWNERSHIP_LABELS, p.landOwnership) ?? T.notGiven,
    },
    ...(ground
      ? [
          {
            term: T.groundRent,
            value: `${formatMoney(ground.amount)}, ${GROUND_RENT_FREQUENCY_LABELS[ground.frequency].toLowerCase()}`,
          },
        ]
      : []),
  ];
}

function loanRows(expanded: ExpandedCase): SummaryRow[] {
  return [
    { term: T.hasLoans, value: yesNo(expanded.hasLoans) ?? T.notAnswered },
    ...expanded.loans.map((loan) => itemRow(loanItem(loan), 'loan')),
  ];
}

/** A gift: the donor, the amount, whether they confirmed it, their evidence and identity. */
function giftRows(buying: BuyingExpanded): SummaryRow[] {
  return buying.gifts.map((gift) => {
    const item = giftItem(gift);
    const donor = buying.donors.find((d) => d.id === gift.donorId);
    const identity = donor ? identityLabel(donor) : STAFF_TEXTS.identityNotSubmitted;
    return {
      key: `gift-${gift.donorId}`,
      term: `${T.gift}: ${item.title}`,
      value: [...item.details, `${T.donorIdentity}: ${identity}`].join(', '),
    };
  });
}

/**
 * A company case's company (issue 33, CALLS-26): as Companies House registers it, and each
 * officer by their owner's name with what they are to the company.
 */
function CompanyAnswers({ expanded }: { expanded: RemortgagingExpanded }) {
  const company = expanded.company;
  const office = company?.registeredOffice;
  const ownerName = (id: number) =>
    expanded.propertyOwners.find((o) => o.id === id)?.user.preferredName ?? T.formerOwner;
  return (
    <Box>
      <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
        {T.company}
      </Typography>
      {!company || !office ? (
        <Typography>{T.companyNotGiven}</Typography>
      ) : (
        <SummaryList
          rows={[
            { term: T.registeredName, value: company.registeredName },
            { term: T.companyNumber, value: company.companyNumber },
            {
              term: T.registeredOffice,
              value: [office.addressLine1, office.addressLine2, office.town, office.postcode]
                .filter(Boolean)
                .join(', '),
            },
            ...company.officers.map((o) => ({
              key: `officer-${o.ownerId}`,
              term: ownerName(o.ownerId),
              value:
                [o.isDirector ? T.director : null, o.isGuarantor ? T.guarantor : null]
                  .filter(Boolean)
                  .join(', ') || T.notGiven,
            })),
          ]}
        />
      )}
    </Box>
  );
}

export function remortgagingGroups(
  e: RemortgagingExpanded,
  identity: (party: Party) => ReactNode,
): Record<string, ReactNode> {
  const transfer = e.transferOfEquity;
  return {
    'property-details': <SummaryList rows={propertyRows(e)} />,
    owners: (
      <Stack spacing={2}>
        <PartyGroup parties={e.propertyOwners} identity={identity} />
        {e.isCompanyCase && <CompanyAnswers expanded={e} />}
        <SummaryList
          rows={[
            {
              term: T.occupants,
              value:
                e.hasAdultOccupants === true
                  ? e.occupants
                      .map((o) => (o.email ? `${o.fullName} (${o.email})` : o.fullName))
                      .join(', ') || T.notGiven
                  : (yesNo(e.hasAdultOccupants) ?? T.notAnswered),
            },
          ]}
        />
      </Stack>
    ),
    // Only where the case is (or was) a transfer of equity, as in the application.
    ...(e.remortgagingReason === 'REMORTGAGE_TRANSFER_OF_EQUITY' || transfer
      ? {
          'transfer-of-equity': (
            <SummaryList
              rows={[
                {
                  term: T.transferReason,
                  value: labelled(TRANSFER_REASON_LABELS, transfer?.reason) ?? T.notGiven,
                },
                {
                  term: T.removedOwners,
                  value:
                    (transfer?.removedOwners ?? []).map((o) => o.fullName).join(', ') || T.notGiven,
                },
              ]}
            />
          ),
        }
      : {}),
    'property-alterations': (
      <SummaryList
        rows={[
          { term: T.hasAlterations, value: yesNo(e.hasAlterations) ?? T.notAnswered },
          ...e.alterations.map((a) => itemRow(alterationItem(a), 'alteration')),
        ]}
      />
    ),
    // A company's remortgage has no financial details section.
    ...(e.isCompanyCase ? {} : { 'financial-details': <SummaryList rows={loanRows(e)} /> }),
  };
}

export function buyingGroups(
  e: BuyingExpanded,
  identity: (party: Party) => ReactNode,
): Record<string, ReactNode> {
  const estimate = e.quote?.landTaxEstimate;
  return {
    property: <SummaryList rows={propertyRows(e)} />,
    'buyer-details': <PartyGroup parties={e.buyers} identity={identity} />,
    'purchase-and-financing': (
      <Stack spacing={2}>
        <SummaryList
          rows={[
            { term: T.purchasePrice, value: money(e.purchasePrice) ?? T.notGiven },
            { term: T.deposit, value: money(e.depositAmount) ?? T.notGiven },
            { term: T.lender, value: lender(e.lender) ?? T.notGiven },
            ...(e.sourceOfFunds.length === 0
              ? [{ term: T.sourcesOfFunds, value: T.notGiven }]
              : e.sourceOfFunds.map((f) => itemRow(sourceItem(f), 'source'))),
            ...e.isas.map((isa) => itemRow(isaItem(isa, e.buyers), 'isa')),
            ...giftRows(e),
          ]}
        />
        {e.donors.length > 0 && <PartyGroup title={T.donors} parties={e.donors} />}
      </Stack>
    ),
    'stamp-duty-land-tax': (
      <SummaryList
        rows={[
          {
            term: SDLT_TEXTS.multipleProperties,
            value: yesNo(e.resultsInMultipleProperties) ?? T.notAnswered,
          },
          {
            term: SDLT_TEXTS.replacingMainResidence,
            value: yesNo(e.isReplacingMainResidence) ?? T.notAnswered,
          },
          { term: SDLT_TEXTS.firstTimeBuyer, value: yesNo(e.isFirstTimeBuyer) ?? T.notAnswered },
          ...(estimate ? [{ term: T.landTaxEstimate, value: landTaxSentence(estimate) }] : []),
        ]}
      />
    ),
    loans: <SummaryList rows={loanRows(e)} />,
  };
}
