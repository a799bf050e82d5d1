import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import type { CaseCreated } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { useSession } from '../../auth';
import { useCreateCase } from '../api/createCase';
import { START_TITLE, type CaseKind } from '../caseTypes';
import { buyingBody, remortgagingBody } from '../keyFacts';
import { startCaseMachine, stepPosition } from '../machines/startCaseMachine';
import { startCaseSchema, STEP_FIELDS, type StartCaseValues } from '../validation';
import { KEY_FACTS_PART_TITLES, KeyFactsFields } from './KeyFactsFields';
import { LeaveFormDialog } from './LeaveFormDialog';

/** The body of POST /remortgaging/case or POST /buying/case. */
const CASE_BODY = { remortgaging: remortgagingBody, buying: buyingBody };

/** A purchase asks what affects its price last, before the case (and its quote) is created. */
const ASKS_PRICE: Record<CaseKind, boolean> = { remortgaging: false, buying: true };

/** /remortgaging/start and /buying/start. */
export function StartCasePage({ kind }: { kind: CaseKind }) {
  const { isBroker } = useSession();
  const navigate = useNavigate();
  const asksPrice = ASKS_PRICE[kind];
  const [snapshot, send, actor] = useMachine(startCaseMachine, {
    input: { isBroker, asksPrice },
  });
  const create = useCreateCase(kind);
  const schema = useMemo(() => startCaseSchema(isBroker, kind), [isBroker, kind]);
  const form = useForm<StartCaseValues>({
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
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isDirty },
  } = form;

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
  const position = stepPosition(step, isBroker, asksPrice);
  const stepLine = position && (
    <Typography color="text.secondary" data-testid="start-step">
      Step {position.step} of {position.of}
    </Typography>
  );
  const leaveDialog = (
    <LeaveFormDialog
      open={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
  const next = async (fields: (keyof StartCaseValues)[]) => {
    if (await trigger(fields)) send({ type: 'NEXT' });
  };
  const onSubmit = async (values: StartCaseValues) => {
    // Only the last step creates the case (a purchase's property step goes on to its price).
    if (actor.getSnapshot().value !== (asksPrice ? 'price' : 'property')) return;
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
  // The last step creates the case, and shows again while it is being created.
  const lastStep = asksPrice ? 'price' : 'property';
  const shows = (part: 'property' | 'price') => step === part || (busy && part === lastStep);
  const failed = snapshot.context.failed && (
    <Alert severity="error">We could not create the case, please try again.</Alert>
  );
  const createButtons = (
    <Stack direction="row" spacing={2}>
      <Button onClick={() => send({ type: 'BACK' })} disabled={busy}>
        Back
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Submitting...' : 'Create case'}
      </Button>
    </Stack>
  );
  return (
    <FormProvider {...form}>
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
          <Stack spacing={3} component="section" aria-label={KEY_FACTS_PART_TITLES.eligibility}>
            <Typography variant="h2">{KEY_FACTS_PART_TITLES.eligibility}</Typography>
            <KeyFactsFields kind={kind} part="eligibility" isBroker={isBroker} />
            <Stack direction="row" spacing={2}>
              {/* The first step's Back leaves the form, for the case list (asking first when
                  answers would be lost). */}
              <Button
                onClick={() => void navigate({ to: '/$caseType', params: { caseType: kind } })}
              >
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
              {...fieldProps(register, errors, 'clientName')}
            />
            <TextField
              label="Client's email address"
              type="email"
              required
              {...fieldProps(register, errors, 'clientEmail')}
            />
            <Stack direction="row" spacing={2}>
              <Button onClick={() => send({ type: 'BACK' })}>Back</Button>
              <Button variant="contained" onClick={() => void next(STEP_FIELDS.client)}>
                Next
              </Button>
            </Stack>
          </Stack>
        )}
        {shows('property') && (
          <Stack spacing={3} component="section" aria-label={KEY_FACTS_PART_TITLES.property}>
            <Typography variant="h2">{KEY_FACTS_PART_TITLES.property}</Typography>
            {lastStep === 'property' && failed}
            <KeyFactsFields kind={kind} part="property" isBroker={isBroker} />
            {lastStep === 'property' ? (
              createButtons
            ) : (
              <Stack direction="row" spacing={2}>
                <Button onClick={() => send({ type: 'BACK' })}>Back</Button>
                <Button variant="contained" onClick={() => void next(STEP_FIELDS.property)}>
                  Next
                </Button>
              </Stack>
            )}
          </Stack>
        )}
        {asksPrice && shows('price') && (
          <Stack spacing={3} component="section" aria-label={KEY_FACTS_PART_TITLES.price}>
            <Typography variant="h2">{KEY_FACTS_PART_TITLES.price}</Typography>
            {failed}
            <KeyFactsFields kind={kind} part="price" isBroker={isBroker} />
            {createButtons}
          </Stack>
        )}
      </Stack>
    </FormProvider>
  );
}
