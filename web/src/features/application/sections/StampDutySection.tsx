import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BuyingExpanded, LandTaxEstimate, LandTaxType } from '../../../lib/api/types';
import { useSession } from '../../auth';
import { formatMoney } from '../../../lib/format';
import { LandTax, landTaxName } from '../../../components/LandTax';
import { useSaveLandTaxAnswers } from '../api/saveLandTaxAnswers';
import { RadioField, YES_NO, yesNo } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveRow } from '../components/SaveStatus';
import { LAND_TAX_TEXTS, SDLT_TEXTS } from '../purchaseTexts';
import { applyServerErrors } from '../validation';

const answer = z.string().refine((v) => ['yes', 'no'].includes(v), SDLT_TEXTS.answerRequired);
const landTaxSchema = z.object({
  resultsInMultipleProperties: answer,
  isReplacingMainResidence: answer,
  isFirstTimeBuyer: answer,
});
type LandTaxValues = z.infer<typeof landTaxSchema>;
const FIELDS = {
  resultsInMultipleProperties: 'resultsInMultipleProperties',
  isReplacingMainResidence: 'isReplacingMainResidence',
  isFirstTimeBuyer: 'isFirstTimeBuyer',
} as const;

/**
 * The tax the purchase pays: the estimate's own type when there is one, else by the property's
 * country (Wales has Land Transaction Tax, paid to the Welsh Revenue Authority).
 */
export function landTaxTypeOf(
  expanded: BuyingExpanded,
  estimate?: LandTaxEstimate | null,
): LandTaxType {
  if (estimate) return estimate.landTaxType;
  return expanded.property.jurisdiction === 'WALES'
    ? 'LAND_TRANSACTION_TAX'
    : 'STAMP_DUTY_LAND_TAX';
}

/** The estimate in one sentence (Review & Submit); an amount of 0 says none is expected. */
export function landTaxSentence(estimate: LandTaxEstimate): string {
  const name = landTaxName(estimate.landTaxType);
  return estimate.amount > 0
    ? `${SDLT_TEXTS.estimate(name)}: ${formatMoney(estimate.amount)}`
    : SDLT_TEXTS.noneExpected(name);
}

/**
 * Stamp Duty Land Tax (/buying/{caseId}/application/stamp-duty-land-tax): the three answers the
 * land tax depends on, all required (POST …/stamp-duty-land-tax), and the estimate they give,
 * as the server works it out. The section keeps the spec's title in both countries; for a
 * property in Wales the text names Land Transaction Tax and the Welsh Revenue Authority. An
 * answer that changes the price re-quotes the case (issue 28.2): a buyer is taken to the new
 * quote, which they accept before the later sections go on.
 */
export function StampDutySection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: BuyingExpanded;
}) {
  const save = useSaveLandTaxAnswers(caseId);
  const { isBroker } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  // The answer to the last save; until then the quote's estimate.
  const [estimate, setEstimate] = useState<LandTaxEstimate | null | undefined>(undefined);
  const shown = estimate === undefined ? (expanded.quote?.landTaxEstimate ?? null) : estimate;
  const tax = LAND_TAX_TEXTS[landTaxTypeOf(expanded, shown)];
  const form = useForm<LandTaxValues>({
    resolver: zodResolver(landTaxSchema),
    defaultValues: {
      resultsInMultipleProperties: yesNo(expanded.resultsInMultipleProperties),
      isReplacingMainResidence: yesNo(expanded.isReplacingMainResidence),
      isFirstTimeBuyer: yesNo(expanded.isFirstTimeBuyer),
    },
  });
  const { control, handleSubmit, setError, formState } = form;
  const { errors } = formState;

  const onSubmit = async (values: LandTaxValues) => {
    setFailure(null);
    setSaved(false);
    try {
      const result = await save.mutateAsync({
        resultsInMultipleProperties: values.resultsInMultipleProperties === 'yes',
        isReplacingMainResidence: values.isReplacingMainResidence === 'yes',
        isFirstTimeBuyer: values.isFirstTimeBuyer === 'yes',
      });
      setEstimate(result.estimate ?? null);
      setSaved(true);
      if (result.requoted && !isBroker) {
        enqueueSnackbar(SDLT_TEXTS.requoted, { variant: 'info' });
        void navigate({
          to: '/$caseType/$caseId/application/$section',
          params: { caseType: 'buying', caseId, section: 'quote' },
        });
      }
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS)) setFailure(error);
    }
  };

  return (
    <Stack component="form" noValidate spacing={4} onSubmit={handleSubmit(onSubmit)}>
      <Typography data-testid="land-tax-intro">{tax.intro}</Typography>
      <RadioField
        control={control}
        name="resultsInMultipleProperties"
        legend={SDLT_TEXTS.multipleProperties}
        options={YES_NO}
        row
        error={errors.resultsInMultipleProperties?.message}
        disabled={save.isPending}
      />
      <RadioField
        control={control}
        name="isReplacingMainResidence"
        legend={SDLT_TEXTS.replacingMainResidence}
        hint={SDLT_TEXTS.replacingHint}
        options={YES_NO}
        row
        error={errors.isReplacingMainResidence?.message}
        disabled={save.isPending}
      />
      <RadioField
        control={control}
        name="isFirstTimeBuyer"
        legend={SDLT_TEXTS.firstTimeBuyer}
        hint={SDLT_TEXTS.firstTimeBuyerHint}
        options={YES_NO}
        row
        error={errors.isFirstTimeBuyer?.message}
        disabled={save.isPending}
      />
      <FormError error={failure} />
      <SaveRow label={SDLT_TEXTS.save} saving={save.isPending} saved={saved} />
      <Box aria-live="polite">
        {shown ? (
          <LandTax estimate={shown} />
        ) : (
          <Typography color="text.secondary">{SDLT_TEXTS.noEstimate}</Typography>
        )}
      </Box>
    </Stack>
  );
}
