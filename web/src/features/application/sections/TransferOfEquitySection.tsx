import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RemortgagingExpanded, TransferReason } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { useAddRemovedOwner } from '../api/addRemovedOwner';
import { useDeleteRemovedOwner } from '../api/deleteRemovedOwner';
import { useSaveTransferOfEquity } from '../api/saveTransferOfEquity';
import { RadioField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { OWNERS_TEXTS } from '../ownersTexts';
import { TRANSFER_REASON_ORDER, TRANSFER_REASONS, TRANSFER_TEXTS as T } from '../transferTexts';
import { applyServerErrors } from '../validation';
import { cardSx, h2Sx, SubmitButton } from './ownersControls';
import { PeopleList, PersonForm } from './peopleControls';

export interface TransferOfEquitySectionProps {
  caseId: string;
  expanded: RemortgagingExpanded;
}

/**
 * The Transfer of Equity section (`transfer-of-equity`): what the transfer is based on, and the
 * owners being removed from the title. Present only when the remortgage reason is a transfer of
 * equity (the engine decides); every write refetches the case.
 */
export function TransferOfEquitySection({ caseId, expanded }: TransferOfEquitySectionProps) {
  const removedHeadingId = useId();
  const addRemoved = useAddRemovedOwner(caseId);
  const deleteRemoved = useDeleteRemovedOwner(caseId);
  const removedOwners = expanded.transferOfEquity?.removedOwners ?? [];
  return (
    <Stack spacing={4} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Typography>{T.intro}</Typography>
      <ReasonForm caseId={caseId} saved={expanded.transferOfEquity?.reason ?? null} />
      <Stack component="section" aria-labelledby={removedHeadingId} spacing={2} sx={cardSx}>
        <Typography id={removedHeadingId} variant="h2" sx={h2Sx}>
          {T.removedHeading}
        </Typography>
        <Typography>{T.removedIntro}</Typography>
        <PeopleList
          label={T.removedHeading}
          empty={T.noRemoved}
          people={removedOwners}
          confirmTitle={T.removeTitle}
          confirmBody={T.removeBody}
          remove={deleteRemoved}
        />
        <PersonForm
          heading={T.addRemovedHeading}
          submitLabel={T.addRemoved}
          add={(body) => addRemoved.mutateAsync(body)}
        />
      </Stack>
    </Stack>
  );
}

const reasonSchema = z.object({
  reason: z
    .enum(TRANSFER_REASON_ORDER as [TransferReason, ...TransferReason[]])
    .nullable()
    .transform((value, ctx) => {
      if (value === null) {
        ctx.addIssue({ code: 'custom', message: T.reasonRequired });
        return z.NEVER;
      }
      return value;
    }),
});
type ReasonValues = { reason: TransferReason | null };

const REASON_FIELDS = { reason: 'reason' } as const;

const REASON_OPTIONS = TRANSFER_REASON_ORDER.map((reason) => ({
  value: reason,
  ...TRANSFER_REASONS[reason],
}));

function ReasonForm({ caseId, saved }: { caseId: string; saved: TransferReason | null }) {
  const headingId = useId();
  const save = useSaveTransferOfEquity(caseId);
  const { isBroker } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues, unknown, z.infer<typeof reasonSchema>>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: saved },
  });
  const onSubmit = async (values: z.infer<typeof reasonSchema>) => {
    setFailure(null);
    setDone(false);
    try {
      const result = await save.mutateAsync({ reason: values.reason });
      setDone(true);
      // The reason changed the quote (no land tax on a separation): the sections after the
      // quote wait until the owners accept the new one, so take them to it.
      if (result.requoted && !isBroker) {
        enqueueSnackbar(T.requoted, { variant: 'info' });
        void navigate({
          to: '/$caseType/$caseId/application/$section',
          params: { caseType: 'remortgaging', caseId, section: 'quote' },
        });
      }
    } catch (error) {
      if (applyServerErrors(error, setError, REASON_FIELDS)) setFailure(error);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
      sx={cardSx}
    >
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.reasonHeading}
      </Typography>
      <FormError error={failure} fields={REASON_FIELDS} />
      <RadioField
        control={control}
        name="reason"
        legend={T.reasonLegend}
        options={REASON_OPTIONS}
        error={errors.reason?.message}
      />
      <SaveStatus saved={done && !isSubmitting} savedText={OWNERS_TEXTS.saved} />
      <SubmitButton busy={isSubmitting} label={T.saveReason} />
    </Stack>
  );
}
