import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api/errors';
import { poundsToPence, todayIso } from '../../application';
import type {
  LedgerDirection,
  LedgerEntryRequest,
  LedgerKind,
  LedgerKindRule,
  RedemptionStatementRequest,
} from '../api/ledger';

/** Each kind's words in the back office; which way it moves money comes from the server. */
const KIND_LABELS: Record<LedgerKind, string> = {
  CLIENT_FUNDS: 'Funds from the client',
  MORTGAGE_ADVANCE: 'Mortgage advance',
  GIFT: "A donor's gift",
  SELLER_SOLICITOR: "The seller's solicitors",
  LAND_TAX: 'Land tax (HMRC or WRA)',
  LAND_REGISTRY: 'HM Land Registry',
  REDEMPTION: "An existing lender's redemption",
  FIRM_BILL: "The firm's bill",
  REFUND_TO_CLIENT: 'Refund to the client',
  OTHER: 'Other',
};

export const kindLabel = (kind: LedgerKind) => KIND_LABELS[kind];

type Errors = Record<string, string>;

/** The server's refusal, field by field (a message on `form` otherwise). */
function refusal(error: unknown): Errors {
  if (isApiError(error) && Object.keys(error.fields).length > 0) return error.fields;
  return { form: error instanceof Error ? error.message : 'Not recorded' };
}

function Field(props: {
  name: string;
  label: string;
  value: string;
  set: (v: string) => void;
  errors: Errors;
  type?: string;
  required?: boolean;
  children?: ReactNode;
}) {
  const { name, label, value, set, errors, type, required = true, children } = props;
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      type={type}
      select={!!children}
      required={required}
      onChange={(e) => set(e.target.value)}
      error={!!errors[name]}
      helperText={errors[name]}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      fullWidth
    >
      {children}
    </TextField>
  );
}

/**
 * Records what the firm received or paid: each field labelled, the server's refusals shown. The
 * kinds, and the one way each moves money, are the server's (`kinds` of the ledger).
 */
export function EntryForm({
  kinds,
  record,
}: {
  kinds: LedgerKindRule[];
  record: (body: LedgerEntryRequest) => Promise<unknown>;
}) {
  const [kind, setKind] = useState<LedgerKind>('CLIENT_FUNDS');
  const [direction, setDirection] = useState<LedgerDirection>('RECEIVED');
  const [amount, setAmount] = useState('');
  const [counterparty, setCounterparty] = useState('');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState(todayIso());
  const [errors, setErrors] = useState<Errors>({});
  const wayOf = (k: LedgerKind) => kinds.find((x) => x.kind === k)?.direction;
  const chooseKind = (k: string) => {
    const chosen = k as LedgerKind;
    setKind(chosen);
    const way = wayOf(chosen);
    if (way) setDirection(way);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const pence = poundsToPence(amount);
    if (pence == null || pence <= 0) {
      setErrors({ amountPence: 'Enter an amount in pounds, such as 250 or 250.50' });
      return;
    }
    try {
      await record({
        direction,
        kind,
        amountPence: pence,
        counterparty,
        reference: reference || null,
        entryDate: date,
      });
      setErrors({});
      setAmount('');
      setCounterparty('');
      setReference('');
    } catch (error) {
      setErrors(refusal(error));
    }
  };
  const fixed = wayOf(kind);
  return (
    <Stack component="form" spacing={2} onSubmit={submit} aria-label="Record money" noValidate>
      <Field name="kind" label="Kind" value={kind} set={chooseKind} errors={errors}>
        {kinds.map((k) => (
          <MenuItem key={k.kind} value={k.kind}>
            {kindLabel(k.kind)}
          </MenuItem>
        ))}
      </Field>
      {!fixed && (
        <Field
          name="direction"
          label="Direction"
          value={direction}
          set={(d) => setDirection(d as LedgerDirection)}
          errors={errors}
        >
          <MenuItem value="RECEIVED">Received</MenuItem>
          <MenuItem value="PAID">Paid out</MenuItem>
        </Field>
      )}
      <Field name="amountPence" label="Amount (£)" value={amount} set={setAmount} errors={errors} />
      <Field
        name="counterparty"
        label={direction === 'PAID' ? 'Paid to' : 'Received from'}
        value={counterparty}
        set={setCounterparty}
        errors={errors}
      />
      <Field
        name="reference"
        label="Reference"
        value={reference}
        set={setReference}
        errors={errors}
        required={false}
      />
      <Field name="entryDate" label="Date" type="date" value={date} set={setDate} errors={errors} />
      {errors.form && <span role="alert">{errors.form}</span>}
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        Record
      </Button>
    </Stack>
  );
}

/** A charge's redemption statement: the lender's figure as at a date, its daily interest. */
export function RedemptionForm({
  loanId,
  lender,
  record,
}: {
  loanId: number;
  lender: string;
  record: (body: RedemptionStatementRequest) => Promise<unknown>;
}) {
  const [amount, setAmount] = useState('');
  const [daily, setDaily] = useState('');
  const [asAt, setAsAt] = useState(todayIso());
  const [validUntil, setValidUntil] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const pence = poundsToPence(amount);
    const perDay = poundsToPence(daily);
    const bad: Errors = {};
    if (pence == null || pence <= 0) bad.amountPence = 'Enter the figure in pounds';
    if (perDay == null) bad.dailyInterestPence = 'Enter the daily interest in pounds (0 if none)';
    if (Object.keys(bad).length > 0) return setErrors(bad);
    try {
      await record({
        loanId,
        amountPence: pence,
        dailyInterestPence: perDay,
        asAt,
        validUntil: validUntil || null,
      });
      setErrors({});
    } catch (error) {
      setErrors(refusal(error));
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={submit}
      aria-label={`Redemption statement from ${lender}`}
      noValidate
    >
      <Field
        name="amountPence"
        label="Redemption figure (£)"
        value={amount}
        set={setAmount}
        errors={errors}
      />
      <Field name="asAt" label="As at" type="date" value={asAt} set={setAsAt} errors={errors} />
      <Field
        name="dailyInterestPence"
        label="Daily interest (£)"
        value={daily}
        set={setDaily}
        errors={errors}
      />
      <Field
        name="validUntil"
        label="Valid until"
        type="date"
        value={validUntil}
        set={setValidUntil}
        errors={errors}
      />
      {errors.loanId && <span role="alert">{errors.loanId}</span>}
      {errors.form && <span role="alert">{errors.form}</span>}
      <Button type="submit" variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        Record the figure
      </Button>
    </Stack>
  );
}
