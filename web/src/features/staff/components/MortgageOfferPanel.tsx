import { Link } from '@mui/material';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { documentUrl } from '../../documents';
import { offerTexts } from '../fundsTexts';
import type { StaffMortgageOfferRecord } from '../types';
import { Detail, Details, Panel } from './Panel';

/**
 * 'Mortgage offer': the lender's offer as the firm recorded it, with its document, so whoever
 * prepares the mortgage report reads the figures and the expiry here.
 */
export function MortgageOfferPanel({ offer }: { offer: StaffMortgageOfferRecord }) {
  return (
    <Panel title={offerTexts.title}>
      <Details>
        <Detail term={offerTexts.lender}>{offer.lender}</Detail>
        <Detail term={offerTexts.amountRecorded}>{formatMoney(offer.amount)}</Detail>
        <Detail term={offerTexts.offerDate}>{formatDate(offer.offerDate)}</Detail>
        <Detail term={offerTexts.expiresOn}>{formatDate(offer.expiresOn)}</Detail>
        <Detail term={offerTexts.conditions}>
          {offer.specialConditions ?? offerTexts.noConditions}
        </Detail>
        <Detail term={offerTexts.recordedOffer}>
          <Link href={documentUrl(offer.documentId)} download>
            {offerTexts.viewDocument}
          </Link>
          {offerTexts.recordedAt(formatDateTime(offer.recordedAt))}
        </Detail>
      </Details>
    </Panel>
  );
}
