import { Box, Chip, Link, List, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { BuyingExpanded, ExpandedCase, RemortgagingExpanded } from '../../../lib/api/types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { propertyAddress } from '../../cases/components/CaseContext';
import {
  CHARGE_TYPE_LABELS,
  documentTypeLabel,
  JURISDICTION_LABELS,
  LAND_OWNERSHIP_LABELS,
  labelOf,
  lenderLabel,
  PROPERTY_TYPE_LABELS,
  PROPERTY_USAGE_LABELS,
  REMORTGAGING_REASON_LABELS,
  TENURE_LABELS,
} from '../../../lib/labels';
import { documentUrl } from '../../documents/download';
import { PreviewButton } from './DocumentPreview';
import type { CaseKind } from '../../cases';
import { documentTexts, STAFF_TEXTS, UPLOADER_LABELS } from '../texts';
import type { StaffUpload } from '../types';
import { Detail, Details, Panel } from './Panel';
import { DeleteDocumentButton, numberOf, useDocumentRemoval } from './RemoveDocumentDialog';

type Party = RemortgagingExpanded['propertyOwners'][number];

const isRemortgage = (e: ExpandedCase): e is RemortgagingExpanded => 'propertyOwners' in e;

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

export function PropertyPanel({ expanded }: { expanded: ExpandedCase }) {
  const p = expanded.property;
  return (
    <Panel title="Property">
      <Rows
        rows={[
          ['Address', propertyAddress(p)],
          ['Jurisdiction', labelled(JURISDICTION_LABELS, p.jurisdiction)],
          ['Tenure', labelled(TENURE_LABELS, p.tenure)],
          ['Type', labelled(PROPERTY_TYPE_LABELS, p.type)],
          ['Land ownership', labelled(LAND_OWNERSHIP_LABELS, p.landOwnership)],
          ['Usage', labelled(PROPERTY_USAGE_LABELS, expanded.propertyUsage)],
        ]}
      />
    </Panel>
  );
}

export function FiguresPanel({ expanded }: { expanded: ExpandedCase }) {
  const rows: [string, string | null | undefined][] = isRemortgage(expanded)
    ? [
        ['Reason', labelled(REMORTGAGING_REASON_LABELS, expanded.remortgagingReason)],
        ['Property value', money(expanded.propertyValue)],
        ['Loan amount', money(expanded.loanAmount)],
        ['New lender', lender(expanded.newLender)],
        ['Current deal ends', date(expanded.currentDealEndDate)],
        ['Repaying Help to Buy', yesNo(expanded.isRepayingHelpToBuy)],
        ['Mortgage offer', expanded.hasMortgageOffer ? 'Received' : 'Not yet'],
        ['Completion date', date(expanded.completionDate)],
      ]
    : buyingRows(expanded as BuyingExpanded);
  return (
    <Panel title="Key facts">
      <Rows rows={rows} />
    </Panel>
  );
}

function buyingRows(e: BuyingExpanded): [string, string | null | undefined][] {
  return [
    ['Purchase price', money(e.purchasePrice)],
    ['Deposit', money(e.depositAmount)],
    ['Lender', lender(e.lender)],
    ['Target move-in', date(e.targetMoveInDate)],
    ['First-time buyer', yesNo(e.isFirstTimeBuyer)],
    ['New build', yesNo(e.isNewBuild)],
    ['Shared ownership', yesNo(e.isSharedOwnership)],
    ['Replacing main residence', yesNo(e.isReplacingMainResidence)],
    ['Deposit paid', e.deposit.paidAt ? formatDateTime(e.deposit.paidAt) : 'Not yet'],
    ['Completion date', date(e.completionDate)],
  ];
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
        <Typography variant="h3" component="h4">
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
          ['Share', party.tenancyShare == null ? null : `${party.tenancyShare}%`],
          ...identityRows,
        ]}
      />
      {identity?.(party)}
    </Box>
  );
}

function PartyGroup({
  title,
  parties,
  identity,
}: {
  title: string;
  parties: Party[];
  identity?: (party: Party) => ReactNode;
}) {
  return (
    <Box>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
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

/**
 * The owners (or buyers, and donors) of the case. `identity`: what is shown of an owner's or
 * buyer's identity (the firm's check); donors keep the plain dates.
 */
export function PartiesPanel({
  expanded,
  identity,
}: {
  expanded: ExpandedCase;
  identity?: (party: Party) => ReactNode;
}) {
  if (isRemortgage(expanded)) {
    return (
      <Panel title="Parties">
        <Stack spacing={3}>
          <PartyGroup title="Owners" parties={expanded.propertyOwners} identity={identity} />
          {expanded.occupants.length > 0 && (
            <Box>
              <Typography variant="h3" sx={{ mb: 1 }}>
                Other adults at the property
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {expanded.occupants.map((o) => (
                  <li key={o.id}>{o.email ? `${o.fullName} (${o.email})` : o.fullName}</li>
                ))}
              </Box>
            </Box>
          )}
        </Stack>
      </Panel>
    );
  }
  const buying = expanded as BuyingExpanded;
  return (
    <Panel title="Parties">
      <Stack spacing={3}>
        <PartyGroup title="Buyers" parties={buying.buyers} identity={identity} />
        {buying.donors.length > 0 && <PartyGroup title="Donors" parties={buying.donors} />}
      </Stack>
    </Panel>
  );
}

export function QuotePanel({ expanded }: { expanded: ExpandedCase }) {
  const quote = expanded.quote;
  return (
    <Panel title="Quote">
      {!quote ? (
        <Typography>No quote yet.</Typography>
      ) : (
        <Stack spacing={2}>
          <Rows
            rows={[
              ['Total', formatMoney(quote.totalAmount)],
              ['Subtotal', formatMoney(quote.subtotal)],
              ['Discount', formatMoney(quote.discount)],
              ['Up-front payment', formatMoney(quote.deposit)],
              ['Accepted', quote.acceptedAt ? formatDateTime(quote.acceptedAt) : 'Not yet'],
            ]}
          />
          {quote.costBreakdown.map((section) => (
            <Box key={section.sectionTitle}>
              <Typography variant="h3" sx={{ mb: 1 }}>
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
      )}
    </Panel>
  );
}

export function LoansPanel({ expanded }: { expanded: ExpandedCase }) {
  return (
    <Panel title="Loans">
      {expanded.loans.length === 0 ? (
        <Typography>No loans or charges given.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {expanded.loans.map((loan) => (
            <Box component="li" key={loan.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {CHARGE_TYPE_LABELS[loan.chargeType]}
              </Typography>
              <Typography variant="body2">
                {[loan.lenderName, loan.amount == null ? null : formatMoney(loan.amount)]
                  .filter(Boolean)
                  .join(' · ') || 'No details'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Panel>
  );
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
