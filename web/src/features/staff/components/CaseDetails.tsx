import { Box, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { BuyingExpanded, ExpandedCase, RemortgagingExpanded } from '../../../lib/api/types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import {
  isBuying,
  partiesOf,
  loanItem,
  useKeyFactRows,
  alterationItem,
  giftItem,
  isaItem,
  sourceItem,
  landTaxSentence,
  SDLT_TEXTS,
} from '../../application';
import { SummaryList, type SummaryRow } from '../../../components/SummaryList';
import { propertyAddress } from '../../cases';
import {
  documentTypeLabel,
  GROUND_RENT_FREQUENCY_LABELS,
  JURISDICTION_LABELS,
  LAND_OWNERSHIP_LABELS,
  labelOf,
  lenderLabel,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
  TRANSFER_REASON_LABELS,
} from '../../../lib/labels';
import { documentUrl } from '../../documents';
import { PreviewButton } from './DocumentPreview';
import type { CaseKind } from '../../cases';
import { answerTexts as T, documentTexts, STAFF_TEXTS, UPLOADER_LABELS } from '../texts';
import type { StaffUpload } from '../types';
import { identityLabel, identityState } from './IdentityReview';
import { Collapsible, Detail, Details, Panel } from './Panel';
import { DeleteDocumentButton, numberOf, useDocumentRemoval } from './RemoveDocumentDialog';

type Party = RemortgagingExpanded['propertyOwners'][number];

const yesNo = (v: boolean | null | undefined) => (v == null ? null : v ? 'Yes' : 'No');
const money = (v: number | null | undefined) => (v == null ? null : formatMoney(v));
const date = (v: string | null | undefined) => (v ? formatDate(v) : null);
/** A value's label from its table (lib/labels), or null when there is no value. */
const labelled = (table: Readonly<Record<string, string>>, v: string | null | undefined) =>
  v ? labelOf(table, v) : null;
const lender = (v: string | null | undefined) => (v ? lenderLabel(v) : null);

/** Rows whose value is known; the rest are left out rather than shown empty. */
function Rows({ rows }: { rows: [string, string | null | undefined][] }) {
  const known = rows.filter((r): r is [string, string] => !!r[1]);
  if (known.length === 0) return <Typography>Nothing given yet.</Typography>;
  return (
    <Details>
      {known.map(([term, value]) => (
        <Detail key={term} term={term}>
          {value}
        </Detail>
      ))}
    </Details>
  );
}

function legalName(party: Party): string | null {
  const current = party.user.legalNames.find((n) => !n.until);
  if (!current) return null;
  return [current.firstName, current.middleNames, current.surname].filter(Boolean).join(' ');
}

function PartyBlock({ party, identity }: { party: Party; identity?: (party: Party) => ReactNode }) {
  const u = party.user;
  // Without the firm's identity check shown (donors), the plain dates.
  const identityRows: [string, string][] = identity
    ? []
    : [
        [
          'Identity submitted',
          party.identitySubmittedAt ? formatDateTime(party.identitySubmittedAt) : 'Not yet',
        ],
        [
          'Identity verified',
          party.identityVerifiedAt ? formatDateTime(party.identityVerifiedAt) : 'Not yet',
        ],
      ];
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h4">
          {u.preferredName}
        </Typography>
        {party.isLead && <Chip size="small" label="Lead" />}
      </Stack>
      <Rows
        rows={[
          ['Legal name', legalName(party)],
          ['Email', u.email],
          ['Phone', u.phoneNumber],
          ['Date of birth', date(u.dateOfBirth)],
          ['Address', u.address.line1],
          ['Occupation', u.occupation],
          ['National Insurance', u.nationalInsuranceNumber],
          ['UK resident', yesNo(party.isUkResident)],
          ['Lives at the property', yesNo(party.livesAtProperty)],
          ['Share', party.tenancyShare == null ? null : `${party.tenancyShare}%`],
          ...identityRows,
        ]}
      />
      {identity?.(party)}
    </Box>
  );
}

/** The owners, buyers or donors; `title` where the group is not the section itself. */
function PartyGroup({
  title,
  parties,
  identity,
}: {
  title?: string;
  parties: Party[];
  identity?: (party: Party) => ReactNode;
}) {
  return (
    <Box>
      {title && (
        <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      {parties.length === 0 ? (
        <Typography>None yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {parties.map((p) => (
            <PartyBlock key={p.id} party={p} identity={identity} />
          ))}
        </Box>
      )}
    </Box>
  );
}

const itemRow = (
  item: { id: number; title: string; details: string[] },
  key: string,
): SummaryRow => ({
  key: `${key}-${item.id}`,
  term: item.title,
  value: item.details.join(', ') || T.noDetails,
});

/** The firm's own facts beside the customer's key facts (what only the back office records). */
function firmFacts(expanded: ExpandedCase): SummaryRow[] {
  const completion = { term: T.completionDate, value: date(expanded.completionDate) ?? T.notYet };
  if (isBuying(expanded)) {
    return [
      {
        term: T.initialPayment,
        value: expanded.deposit.paidAt ? formatDateTime(expanded.deposit.paidAt) : T.notYet,
      },
      completion,
    ];
  }
  return [
    { term: T.mortgageOffer, value: expanded.hasMortgageOffer ? T.received : T.notYet },
    ...(expanded.isRepayingHelpToBuy
      ? [{ term: T.htbLetter, value: expanded.hasHTBRedemptionLetter ? T.received : T.notYet }]
      : []),
    completion,
  ];
}

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

function QuoteAnswers({ expanded }: { expanded: ExpandedCase }) {
  const quote = expanded.quote;
  if (!quote) return <Typography>{T.noQuote}</Typography>;
  return (
    <Stack spacing={2}>
      <Rows
        rows={[
          ['Total', formatMoney(quote.totalAmount)],
          ['Subtotal', formatMoney(quote.subtotal)],
          ['Discount', formatMoney(quote.discount)],
          ['Up-front payment', formatMoney(quote.deposit)],
          ['Accepted', quote.acceptedAt ? formatDateTime(quote.acceptedAt) : T.notYet],
        ]}
      />
      {quote.costBreakdown.map((section) => (
        <Box key={section.sectionTitle}>
          <Typography variant="h4" component="h4" sx={{ mb: 1 }}>
            {section.sectionTitle}
          </Typography>
          <Details>
            {section.costs.map((line) => (
              <Detail key={line.label} term={line.label}>
                {formatMoney(line.amount)}
              </Detail>
            ))}
          </Details>
        </Box>
      ))}
    </Stack>
  );
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
 * Every answer the customers gave, in the application's sections (their labels from the
 * workflow, in its order), each opening and closing: the key facts open, and the owners or
 * buyers open while an identity waits for the firm. `identity`: the firm's check of an owner's or
 * buyer's identity, shown under them. Uploaded documents are listed apart (DocumentsPanel).
 */
export function ApplicationAnswers({
  expanded,
  identity,
}: {
  expanded: ExpandedCase;
  identity: (party: Party) => ReactNode;
}) {
  const keyFacts = useKeyFactRows(expanded);
  const waitingIdentity = partiesOf(expanded).some((p) => identityState(p) === 'SUBMITTED');
  const groups: Record<string, ReactNode> = isBuying(expanded)
    ? buyingGroups(expanded, identity)
    : remortgagingGroups(expanded, identity);
  const content: Record<string, ReactNode> = {
    'key-facts': <SummaryList rows={[...keyFacts, ...firmFacts(expanded)]} />,
    quote: <QuoteAnswers expanded={expanded} />,
    ...groups,
  };
  const sections = expanded.view.sections.filter((s) => content[s.key] !== undefined);
  return (
    <Stack spacing={1} component="section" aria-label={T.application}>
      <Typography variant="h2" sx={{ mb: 1 }}>
        {T.application}
      </Typography>
      {sections.map((s) => (
        <Collapsible
          key={s.key}
          title={s.label}
          defaultExpanded={
            s.key === 'key-facts' ||
            (waitingIdentity && (s.key === 'owners' || s.key === 'buyer-details'))
          }
        >
          {content[s.key]}
        </Collapsible>
      ))}
    </Stack>
  );
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

function remortgagingGroups(
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

function buyingGroups(
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

function DocumentLink({ id, type }: { id: number; type: string }) {
  return (
    <Link href={documentUrl(id)} download aria-label={`Download ${type}`} sx={{ flexShrink: 0 }}>
      Download
    </Link>
  );
}

/** Who uploaded a file, as whom, and when; null for a file the case view does not list. */
function uploadedBy(upload: StaffUpload | undefined): string | null {
  if (!upload) return null;
  const side = UPLOADER_LABELS[upload.uploadedAs] ?? upload.uploadedAs;
  return documentTexts.uploadedBy(
    upload.uploadedByName ?? null,
    side,
    formatDateTime(upload.uploadedAt),
  );
}

/**
 * What the customers, their broker and the firm uploaded, each with who uploaded it, as whom
 * and when (`uploads`). What the firm makes is in 'Documents we issue' (IssuedDocumentsPanel).
 * `removable`: the case is open, so the firm may delete any of them (a reason and a fresh code).
 */
export function DocumentsPanel({
  kind,
  caseId,
  expanded,
  uploads,
  removable,
}: {
  kind: CaseKind;
  caseId: string;
  expanded: ExpandedCase;
  uploads: StaffUpload[];
  removable: boolean;
}) {
  const { documents } = expanded.documents;
  const removal = useDocumentRemoval(kind, caseId);
  return (
    <Panel title={STAFF_TEXTS.uploadedDocuments}>
      {documents.length === 0 ? (
        <Typography>None yet.</Typography>
      ) : (
        <List disablePadding aria-label={STAFF_TEXTS.uploadedDocuments}>
          {documents.map((d) => {
            const type = documentTypeLabel(d.documentType);
            const name = documentTexts.name(type, numberOf(documents, d));
            const by = uploadedBy(uploads.find((u) => u.documentId === d.documentId));
            return (
              <ListItem
                key={d.documentId}
                disableGutters
                data-document={d.documentId}
                sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
              >
                <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Typography>{type}</Typography>
                  {by && (
                    <Typography variant="body2" color="text.secondary" data-testid="uploaded-by">
                      {by}
                    </Typography>
                  )}
                </Box>
                <PreviewButton documentId={d.documentId} name={name} />
                <DocumentLink id={d.documentId} type={type} />
                {removable && (
                  <DeleteDocumentButton
                    name={name}
                    onClick={() => removal.ask({ documentId: d.documentId, name })}
                  />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {removal.dialog}
    </Panel>
  );
}
