import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import type {
  BuyingCaseBody,
  CaseCreated,
  RemortgagingCaseBody,
  Schemas,
} from '../../../lib/api/types';
import { muiField } from '../../../lib/form';
import { useSession } from '../../auth';
import { useCreateCase } from '../api/createCase';
import { useLenders } from '../api/getLenders';
import { humanise, START_TITLE, type CaseKind } from '../caseTypes';
import { startCaseMachine, stepPosition } from '../machines/startCaseMachine';
import { poundsToPence, startCaseSchema, STEP_FIELDS, type StartCaseValues } from '../validation';
import { LeaveStartDialog } from './LeaveStartDialog';

const TENURES = [
  'FREEHOLD',
  'LEASEHOLD',
  'COMMONHOLD',
] as const satisfies readonly Schemas['Tenure'][];
const PROPERTY_TYPES = [
  'APARTMENT_FLAT',
  'CONVERTED',
  'COTTAGE',
  'DETACHED_HOUSE',
  'DETACHED_BUNGALOW',
  'LOFT',
  'MAISONETTE',
  'SEMI_DETACHED_HOUSE',
  'SEMI_DETACHED_BUNGALOW',
  'STATIC_CARAVAN',
  'STUDIO_APARTMENT',
  'TERRACED',
  'TOWNHOUSE',
  'VILLA',
] as const satisfies readonly Schemas['PropertyType'][];
const REASONS = [
  'END_OF_CURRENT_DEAL',
  'BORROW_MORE_MONEY',
  'RELEASE_MONEY',
  'RETIREMENT_INTEREST_ONLY',
  'REMORTGAGE_TRANSFER_OF_EQUITY',
  'SHARED_OWNERSHIP_STAIRCASING',
] as const satisfies readonly Schemas['RemortgagingReason'][];
const JURISDICTIONS = [
  ['ENGLAND', 'England'],
  ['WALES', 'Wales'],
  ['SCOTLAND', 'Scotland'],
  ['NORTHERN_IRELAND', 'Northern Ireland'],
] as const;

function YesNo({
  control,
  name,
  label,
}: {
  control: Control<StartCaseValues>;
  name: 'isDependentOnSale' | 'isCompanyOwned' | 'isBuyToLet' | 'isResidential';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={!!fieldState.error} component="fieldset">
          <FormLabel component="legend" id={`${name}-label`}>
            {label}
          </FormLabel>
          <RadioGroup row {...field} value={field.value ?? ''} aria-labelledby={`${name}-label`}>
            <FormControlLabel value="yes" control={<Radio />} label="Yes" />
            <FormControlLabel value="no" control={<Radio />} label="No" />
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function text(value: string): string | null {
  const t = value.trim();
  return t === '' ? null : t;
}

/** The chosen option, or null while the select is untouched (''). */
function choice<T extends string>(options: readonly T[], value: string): T | null {
  return options.find((option) => option === value) ?? null;
}

function pence(value: string): number | null {
  return value.trim() === '' ? null : poundsToPence(value);
}

export function remortgagingBody(v: StartCaseValues, isBroker: boolean): RemortgagingCaseBody {
  return {
    ...(isBroker
      ? {
          client: { preferredName: v.clientName.trim(), email: v.clientEmail.trim().toLowerCase() },
        }
      : {}),
    jurisdiction: v.jurisdiction,
    isDependentOnSale: v.isDependentOnSale === 'yes',
    isCompanyOwned: v.isCompanyOwned === 'yes',
    isResidential: v.isResidential === 'yes',
    propertyUsage: v.isBuyToLet === 'yes' ? 'BUY_TO_LET' : 'LIVE_IN',
    property: {
      addressLine1: v.addressLine1.trim(),
      addressLine2: text(v.addressLine2),
      town: text(v.town),
      county: text(v.county),
      postcode: v.postcode.trim().toUpperCase(),
      tenure: choice(TENURES, v.tenure),
      type: choice(PROPERTY_TYPES, v.propertyType),
    },
    propertyValue: pence(v.value) ?? 0,
    loanAmount: pence(v.secondAmount),
    newLender: text(v.lender),
    remortgagingReason: choice(REASONS, v.reason),
    currentDealEndDate: text(v.date),
    brokerReference: isBroker ? text(v.brokerReference) : null,
  };
}

export function buyingBody(v: StartCaseValues, isBroker: boolean): BuyingCaseBody {
  const r = remortgagingBody(v, isBroker);
  return {
    ...(r.client ? { client: r.client } : {}),
    jurisdiction: r.jurisdiction,
    isDependentOnSale: r.isDependentOnSale,
    isCompanyOwned: r.isCompanyOwned,
    isResidential: r.isResidential,
    propertyUsage: r.propertyUsage,
    property: r.property,
    purchasePrice: pence(v.value) ?? 0,
    depositAmount: pence(v.secondAmount),
    lender: text(v.lender),
    targetMoveInDate: text(v.date),
    brokerReference: r.brokerReference,
  };
}

/** The body of POST /remortgaging/case or POST /buying/case. */
const CASE_BODY = { remortgaging: remortgagingBody, buying: buyingBody };

/** /remortgaging/start and /buying/start. */
export function StartCasePage({ kind }: { kind: CaseKind }) {
  const { isBroker } = useSession();
  const navigate = useNavigate();
  const [snapshot, send, actor] = useMachine(startCaseMachine, { input: { isBroker } });
  const lenders = useLenders();
  const create = useCreateCase(kind);
  const schema = useMemo(() => startCaseSchema(isBroker), [isBroker]);
  const rem = kind === 'remortgaging';
  const {
    register,
    control,
    handleSubmit,
    trigger,
    formState: { errors, isDirty },
  } = useForm<StartCaseValues>({
    resolver: zodResolver(schema),
    shouldUnregister: false,
    defaultValues: {
      clientName: '',
      clientEmail: '',
      addressLine1: '',
      addressLine2: '',
      town: '',
      county: '',
      postcode: '',
      tenure: '',
      propertyType: '',
      value: '',
      secondAmount: '',
      lender: '',
      reason: '',
      date: '',
      brokerReference: '',
    },
  });

  const step = snapshot.value;
  // Answers are lost on leaving until the case exists: ask first (issue 15). The live state is
  // read, not this render's: the machine is in a final state just before the app itself moves
  // on to the new case.
  const unsaved = () => isDirty && actor.getSnapshot().status !== 'done';
  const blocker = useBlocker({
    shouldBlockFn: unsaved,
    enableBeforeUnload: unsaved,
    withResolver: true,
  });
  const position = stepPosition(step, isBroker);
  const stepLine = position && (
    <Typography color="text.secondary" data-testid="start-step">
      Step {position.step} of {position.of}
    </Typography>
  );
  const leaveDialog = (
    <LeaveStartDialog
      open={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
  const next = async (fields: (keyof StartCaseValues)[]) => {
    if (await trigger(fields)) send({ type: 'NEXT' });
  };
  const onSubmit = async (values: StartCaseValues) => {
    send({ type: 'SUBMIT' });
    try {
      const result: CaseCreated = await create.mutateAsync(CASE_BODY[kind](values, isBroker));
      send({ type: 'CREATED', result });
      if (result.status !== 'INELIGIBLE') {
        void navigate({
          to: '/$caseType/$caseId',
          params: { caseType: kind, caseId: String(result.caseId) },
        });
      }
    } catch {
      send({ type: 'FAILED' });
    }
  };

  if (step === 'ineligible') {
    return (
      <Stack spacing={3} sx={{ maxWidth: 640 }}>
        <PageHeading>{START_TITLE[kind]}</PageHeading>
        <Alert severity="info" role="status">
          {snapshot.context.result?.ineligibilityMessage}
        </Alert>
        <Typography>
          <RouterLink to="/$caseType" params={{ caseType: kind }}>
            Back to your cases
          </RouterLink>
        </Typography>
      </Stack>
    );
  }

  const busy = step === 'submitting' || step === 'created';
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      sx={{ maxWidth: 640 }}
      onSubmit={handleSubmit(onSubmit)}
    >
      <PageHeading>{START_TITLE[kind]}</PageHeading>
      {stepLine}
      {leaveDialog}
      {step === 'eligibility' && (
        <Stack spacing={3} component="section" aria-label="About the property">
          <Typography variant="h2">About the property</Typography>
          <TextField
            select
            label="Where is the property?"
            required
            error={!!errors.jurisdiction}
            helperText={errors.jurisdiction?.message}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...muiField(register('jurisdiction'))}
            defaultValue=""
          >
            <option value="" disabled>
              Choose a country
            </option>
            {JURISDICTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </TextField>
          <YesNo
            control={control}
            name="isDependentOnSale"
            label={
              rem
                ? 'Is the remortgage dependent on a sale?'
                : 'Is the purchase dependent on a sale?'
            }
          />
          <YesNo
            control={control}
            name="isCompanyOwned"
            label="Is the property owned by a company?"
          />
          <YesNo control={control} name="isBuyToLet" label="Is it a buy-to-let property?" />
          <YesNo control={control} name="isResidential" label="Is the property residential?" />
          <Stack direction="row" spacing={2}>
            {/* The first step's Back leaves the form, for the case list (asking first when
                answers would be lost). */}
            <Button onClick={() => void navigate({ to: '/$caseType', params: { caseType: kind } })}>
              Back
            </Button>
            <Button variant="contained" onClick={() => void next(STEP_FIELDS.eligibility)}>
              Next
            </Button>
          </Stack>
        </Stack>
      )}
      {step === 'client' && (
        <Stack spacing={3} component="section" aria-label="Your client">
          <Typography variant="h2">Your client</Typography>
          <TextField
            label="Client's preferred name"
            required
            error={!!errors.clientName}
            helperText={errors.clientName?.message}
            {...muiField(register('clientName'))}
          />
          <TextField
            label="Client's email address"
            type="email"
            required
            error={!!errors.clientEmail}
            helperText={errors.clientEmail?.message}
            {...muiField(register('clientEmail'))}
          />
          <Stack direction="row" spacing={2}>
            <Button onClick={() => send({ type: 'BACK' })}>Back</Button>
            <Button variant="contained" onClick={() => void next(STEP_FIELDS.client)}>
              Next
            </Button>
          </Stack>
        </Stack>
      )}
      {(step === 'property' || busy) && (
        <Stack spacing={3} component="section" aria-label="Property and figures">
          <Typography variant="h2">Property and figures</Typography>
          {snapshot.context.failed && (
            <Alert severity="error">We could not create the case, please try again.</Alert>
          )}
          <TextField
            label="Address line 1"
            required
            error={!!errors.addressLine1}
            helperText={errors.addressLine1?.message}
            {...muiField(register('addressLine1'))}
          />
          <TextField label="Address line 2 (optional)" {...muiField(register('addressLine2'))} />
          <TextField label="Town (optional)" {...muiField(register('town'))} />
          <TextField label="County (optional)" {...muiField(register('county'))} />
          <TextField
            label="Postcode"
            required
            error={!!errors.postcode}
            helperText={errors.postcode?.message}
            {...muiField(register('postcode'))}
          />
          <TextField
            select
            label="Tenure (optional)"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...muiField(register('tenure'))}
          >
            <option value="">Not sure yet</option>
            {TENURES.map((t) => (
              <option key={t} value={t}>
                {humanise(t)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            label="Property type (optional)"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...muiField(register('propertyType'))}
          >
            <option value="">Not sure yet</option>
            {PROPERTY_TYPES.map((t) => (
              <option key={t} value={t}>
                {humanise(t)}
              </option>
            ))}
          </TextField>
          <TextField
            label={rem ? 'Property value (£)' : 'Purchase price (£)'}
            required
            inputMode="decimal"
            error={!!errors.value}
            helperText={errors.value?.message}
            {...muiField(register('value'))}
          />
          <TextField
            label={rem ? 'Loan amount (£, optional)' : 'Deposit (£, optional)'}
            inputMode="decimal"
            error={!!errors.secondAmount}
            helperText={errors.secondAmount?.message}
            {...muiField(register('secondAmount'))}
          />
          <TextField
            select
            label={rem ? 'New lender (optional)' : 'Lender (optional)'}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...muiField(register('lender'))}
          >
            <option value="">Not sure yet</option>
            {(lenders.data?.lenders ?? []).map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </TextField>
          {rem && (
            <TextField
              select
              label="Reason for remortgaging (optional)"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              {...muiField(register('reason'))}
            >
              <option value="">Not sure yet</option>
              {REASONS.map((r) => (
                <option key={r} value={r}>
                  {humanise(r)}
                </option>
              ))}
            </TextField>
          )}
          <TextField
            label={rem ? 'Current deal end date (optional)' : 'Target move-in date (optional)'}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
            {...muiField(register('date'))}
          />
          {isBroker && (
            <TextField
              label="Broker reference (optional)"
              {...muiField(register('brokerReference'))}
            />
          )}
          <Stack direction="row" spacing={2}>
            <Button onClick={() => send({ type: 'BACK' })} disabled={busy}>
              Back
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? 'Submitting...' : 'Create case'}
            </Button>
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
