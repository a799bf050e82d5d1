import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Loading } from '../../../components/Loading';
import { PageHeading } from '../../../components/PageHeading';
import { RouterLink } from '../../../components/RouterLink';
import type { CaseCreated, ExpandedCase } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { caseQuery, LOAD_ERROR, type CaseKind } from '../../cases';
import {
  KEY_FACTS_PART_TITLES,
  KeyFactsFields,
  keyFactsFormSchema,
  keyFactsParts,
  LeaveFormDialog,
  type KeyFactsValues,
} from '../../cases/lazy';
import { kindOf } from '../caseKind';
import { useUpdateKeyFacts } from '../api/updateKeyFacts';
import { FormError } from '../components/FormError';
import { APPLICATION_TEXTS, KEY_FACTS_TEXTS } from '../texts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { keyFactsUpdate, keyFactsValues, SERVER_FIELDS } from './keyFactsEditValues';

function KeyFactsForm({
  caseId,
  expanded,
  onIneligible,
}: {
  caseId: string;
  expanded: ExpandedCase;
  onIneligible: (result: CaseCreated) => void;
}) {
  const kind = kindOf(expanded);
  const { isBroker } = useSession();
  const navigate = useNavigate();
  const update = useUpdateKeyFacts(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<KeyFactsValues>({
    resolver: zodResolver(keyFactsFormSchema(kind)),
    defaultValues: keyFactsValues(expanded),
  });
  const {
    handleSubmit,
    setError,
    formState: { isDirty, isSubmitting },
  } = form;
  // Changes are lost on leaving unless saved: ask first. Once saved the page moves on freely.
  const saved = useRef(false);
  const unsaved = () => isDirty && !saved.current;
  const blocker = useBlocker({
    shouldBlockFn: unsaved,
    enableBeforeUnload: unsaved,
    withResolver: true,
  });
  const back = () =>
    navigate({
      to: '/$caseType/$caseId/application/$section',
      params: { caseType: kind, caseId, section: 'key-facts' },
    });
  // Only a broker is shown the broker reference, so only a broker's 422 can land on it.
  const serverFields: ServerFieldMap<KeyFactsValues> = isBroker
    ? { ...SERVER_FIELDS[kind], brokerReference: 'brokerReference' }
    : SERVER_FIELDS[kind];

  const onSubmit = async (values: KeyFactsValues) => {
    setFailure(null);
    let result: CaseCreated;
    try {
      result = await update.mutateAsync(keyFactsUpdate(expanded, values, isBroker));
    } catch (error) {
      if (applyServerErrors(error, setError, serverFields)) setFailure(error);
      return;
    }
    saved.current = true;
    if (result.status === 'INELIGIBLE') {
      onIneligible(result);
      return;
    }
    // A customer's change re-quotes the case, and the sections after the quote wait until
    // the new quote is accepted: take them to it.
    if (!isBroker && result.quote && !result.quote.acceptedAt) {
      enqueueSnackbar(KEY_FACTS_TEXTS.requoted, { variant: 'info' });
      void navigate({
        to: '/$caseType/$caseId/application/$section',
        params: { caseType: kind, caseId, section: 'quote' },
      });
      return;
    }
    enqueueSnackbar(KEY_FACTS_TEXTS.saved, { variant: 'success' });
    void back();
  };

  const saving = isSubmitting || update.isPending;
  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        spacing={4}
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      >
        <LeaveFormDialog
          open={blocker.status === 'blocked'}
          onStay={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
          text={KEY_FACTS_TEXTS.leave}
        />
        <Typography>{KEY_FACTS_TEXTS.editIntro}</Typography>
        {keyFactsParts(kind).map((part) => (
          <Stack
            key={part}
            spacing={3}
            component="section"
            aria-label={KEY_FACTS_PART_TITLES[part]}
          >
            <Typography variant="h2">{KEY_FACTS_PART_TITLES[part]}</Typography>
            <KeyFactsFields kind={kind} part={part} isBroker={isBroker} />
          </Stack>
        ))}
        <FormError error={failure} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? APPLICATION_TEXTS.saving : APPLICATION_TEXTS.save}
          </Button>
          <Button onClick={() => void back()} disabled={saving}>
            {KEY_FACTS_TEXTS.cancel}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}

/**
 * /{caseType}/{caseId}/application/key-facts/edit: the key facts as the start form asks them for
 * that case type, filled in from the case. Saving (POST /remortgaging/case/{caseId} or
 * POST /buying/case/{caseId}) re-quotes the case and goes back to Key Facts; if the new key facts
 * rule the case out (INELIGIBLE), the server's reason is shown here instead (a purchase's says
 * 'purchasing', spec §5), as the Key Facts page is closed to an ineligible case. The route's guard
 * is the Key Facts section's (KeyFactsSection's `canEditKeyFacts` decides whether it is offered).
 */
export function KeyFactsEditPage({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const query = useQuery(caseQuery(kind, caseId));
  const [ineligible, setIneligible] = useState<CaseCreated | null>(null);

  let body;
  if (ineligible) {
    body = (
      <Stack spacing={2}>
        <Alert severity="info" role="status">
          {ineligible.ineligibilityMessage || KEY_FACTS_TEXTS.ineligible[kind]}
        </Alert>
        <Box>
          <RouterLink to="/$caseType/$caseId" params={{ caseType: kind, caseId }}>
            {APPLICATION_TEXTS.backToCase}
          </RouterLink>
        </Box>
      </Stack>
    );
  } else if (query.data) {
    body = <KeyFactsForm caseId={caseId} expanded={query.data} onIneligible={setIneligible} />;
  } else if (query.isError) {
    body = (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
      </Alert>
    );
  } else {
    body = <Loading label={APPLICATION_TEXTS.loading} />;
  }
  return (
    <Box sx={{ maxWidth: 640, minWidth: 0 }}>
      <PageHeading>{KEY_FACTS_TEXTS.editTitle}</PageHeading>
      {body}
    </Box>
  );
}
