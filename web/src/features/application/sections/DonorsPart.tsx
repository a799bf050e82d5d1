import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BuyingExpanded, DonorGift } from '../../../lib/api/types';
import { useAddDonor } from '../api/addDonor';
import { useChangeGift } from '../api/changeGift';
import { useRemoveDonor } from '../api/removeDonor';
import { AddableList } from '../components/AddableList';
import { TextInputField } from '../components/fields';
import { FormError } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { PURCHASE_TEXTS as T } from '../purchaseTexts';
import { APPLICATION_TEXTS } from '../texts';
import { applyServerErrors, penceToPounds, poundsToPence } from '../validation';
import { giftItem } from './purchaseFinancingItems';

const giftAmount = z.string().refine((v) => (poundsToPence(v) ?? 0) > 0, T.giftAmountInvalid);
const donorSchema = z.object({
  preferredName: z.string().refine((v) => v.trim().length >= 2, T.donorNameRequired),
  email: z.string().refine((v) => /^\S+@\S+\.\S+$/.test(v.trim()), T.donorEmailInvalid),
  giftAmount,
});
type DonorValues = z.infer<typeof donorSchema>;
const DONOR_FIELDS = {
  preferredName: 'preferredName',
  email: 'email',
  giftAmount: 'giftAmount',
} as const;

const giftSchema = z.object({ giftAmount });
type GiftValues = z.infer<typeof giftSchema>;
const GIFT_FIELDS = { giftAmount: 'giftAmount' } as const;

/**
 * A donor's gift, changed (POST /buying/{caseId}/donor/{donorId}): a dialog with the amount, filled
 * in with the current one. The server asks a donor who had answered to confirm again.
 */
function ChangeGiftDialog({
  caseId,
  gift,
  onClose,
  onSaved,
}: {
  caseId: string;
  gift: DonorGift;
  onClose: () => void;
  onSaved: () => void;
}) {
  const change = useChangeGift(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const titleId = useId();
  const noteId = useId();
  const form = useForm<GiftValues>({
    resolver: zodResolver(giftSchema),
    defaultValues: { giftAmount: penceToPounds(gift.giftAmount) },
  });
  const busy = change.isPending;
  const onSubmit = async (values: GiftValues) => {
    setFailure(null);
    try {
      await change.mutateAsync({
        donorId: gift.donorId,
        giftAmount: poundsToPence(values.giftAmount) ?? 0,
      });
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, form.setError, GIFT_FIELDS)) setFailure(error);
    }
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={noteId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <DialogTitle id={titleId} component="h2">
          {T.changeGiftTitle(gift.donorName ?? gift.donorEmail)}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={3}>
            <DialogContentText id={noteId}>{T.changeGiftNote}</DialogContentText>
            <TextInputField
              label={T.giftAmount}
              registration={form.register('giftAmount')}
              kind="money"
              error={form.formState.errors.giftAmount?.message}
              disabled={busy}
            />
            <FormError error={failure} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1, p: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {APPLICATION_TEXTS.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? APPLICATION_TEXTS.saving : T.saveGift}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * Shown while a gift is a source of funds (BUY-APP-11): each donor with their gift, whether they
 * confirmed it and how many files of evidence they uploaded (POST and DELETE
 * /buying/{caseId}/donor), and a change of a gift's amount
 * (POST /buying/{caseId}/donor/{donorId}). A donor is e-mailed and answers in their own 'Confirm
 * Your Gift Contribution' dialog.
 */
export function DonorsPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const add = useAddDonor(caseId);
  const remove = useRemoveDonor(caseId);
  const [saved, setSaved] = useState(false);
  const [changing, setChanging] = useState<DonorGift | null>(null);
  const saving = add.isPending || remove.isPending;
  const form = useForm<DonorValues>({
    resolver: zodResolver(donorSchema),
    defaultValues: { preferredName: '', email: '', giftAmount: '' },
  });
  const errors = form.formState.errors;
  return (
    <Stack spacing={2}>
      <AddableList
        collapsible
        texts={{
          listHeading: T.donorsList,
          none: T.noDonors,
          addHeading: T.addDonorHeading,
          add: T.addDonor,
        }}
        items={expanded.gifts.map(giftItem)}
        remove={(id) => remove.mutateAsync(id)}
        saving={saving}
        addForm={form}
        addFields={DONOR_FIELDS}
        draftKey={`buying:${caseId}:donor`}
        add={(values) =>
          add.mutateAsync({
            preferredName: values.preferredName.trim(),
            email: values.email.trim().toLowerCase(),
            giftAmount: poundsToPence(values.giftAmount) ?? 0,
          })
        }
        onSaved={setSaved}
        itemActions={(item) => {
          const gift = expanded.gifts.find((g) => g.donorId === item.id);
          return (
            gift && (
              <Button
                variant="outlined"
                aria-label={`${T.changeGift} ${item.title}`}
                disabled={saving}
                onClick={() => {
                  setSaved(false);
                  setChanging(gift);
                }}
              >
                {T.changeGift}
              </Button>
            )
          );
        }}
      >
        <Typography variant="body2">{T.donorsIntro}</Typography>
        <TextInputField
          label={T.donorName}
          registration={form.register('preferredName')}
          error={errors.preferredName?.message}
          disabled={saving}
        />
        <TextInputField
          label={T.donorEmail}
          registration={form.register('email')}
          autoComplete="off"
          error={errors.email?.message}
          disabled={saving}
        />
        <TextInputField
          label={T.giftAmount}
          registration={form.register('giftAmount')}
          kind="money"
          error={errors.giftAmount?.message}
          disabled={saving}
        />
      </AddableList>
      <SaveStatus saving={saving} saved={saved} />
      {changing && (
        <ChangeGiftDialog
          caseId={caseId}
          gift={changing}
          onClose={() => setChanging(null)}
          onSaved={() => {
            setChanging(null);
            setSaved(true);
          }}
        />
      )}
    </Stack>
  );
}
