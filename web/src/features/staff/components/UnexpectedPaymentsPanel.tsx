import { Alert, AlertTitle, Stack, Typography } from '@mui/material';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { unexpectedPaymentTexts as T } from '../fundsTexts';
import type { StaffUnexpectedPayment } from '../types';
import { Detail, Details, Panel } from './Panel';

/** An amount as the provider reported it: pounds for GBP, else the minor units and currency. */
function amountText(p: StaffUnexpectedPayment): string {
  if (p.amount == null) return T.unknownAmount;
  const currency = (p.currency ?? 'gbp').toUpperCase();
  return currency === 'GBP' ? formatMoney(p.amount) : `${(p.amount / 100).toFixed(2)} ${currency}`;
}

/**
 * Money the payment provider took for this case that Threshold did not expect (a second checkout
 * paid, or a payment after the case was paid): never dropped, shown here for the firm to refund.
 * Nothing is shown when there is none.
 */
export function UnexpectedPaymentsPanel({ payments }: { payments: StaffUnexpectedPayment[] }) {
  if (payments.length === 0) return null;
  return (
    <Panel title={T.heading}>
      <Stack spacing={2}>
        <Typography>{T.intro}</Typography>
        {payments.map((p) => (
          <Alert
            key={p.reference}
            severity="warning"
            data-testid="unexpected-payment"
            sx={{ '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
          >
            <AlertTitle component="p">{T.title(amountText(p), formatDate(p.paidAt))}</AlertTitle>
            <Details>
              <Detail term={T.provider}>{T.providerName(p.provider)}</Detail>
              {p.paymentId && <Detail term={T.payment}>{p.paymentId}</Detail>}
              <Detail term={T.checkout}>{p.reference}</Detail>
              <Detail term={T.recorded}>{formatDateTime(p.recordedAt)}</Detail>
            </Details>
          </Alert>
        ))}
      </Stack>
    </Panel>
  );
}
