import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
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
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type {
  Buyer,
  BuyingExpanded,
  DonorGift,
  Isa,
  IsaType,
  SourceOfFunds,
  SourceOfFundsType,
} from '../../../lib/api/types';
import { formatMoney } from '../../../lib/format';
import { useAddDonor } from '../api/addDonor';
import { useAddIsa } from '../api/addIsa';
import { useAddSourceOfFunds } from '../api/addSourceOfFunds';
import { useChangeGift } from '../api/changeGift';
import { useDeleteIsa } from '../api/deleteIsa';
import { useDeleteSourceOfFunds } from '../api/deleteSourceOfFunds';
import { useRemoveDonor } from '../api/removeDonor';
import { useSavePurchaseAndFinancing } from '../api/savePurchaseAndFinancing';
import { AddableList } from '../components/AddableList';
import { SelectField, TextInputField } from '../components/fields';
import { FormError } from '../components/FormError';
import type { Item } from '../components/ItemList';
import { SaveRow, SaveStatus } from '../components/SaveStatus';
import { SummaryList } from '../../../components/SummaryList';
import { APPLICATION_TEXTS, PURCHASE_TEXTS as T } from '../texts';
import {
  GIFT_STATUS_LABELS,
  ISA_TYPE_LABELS,
  LENDERS,
  SOURCE_OF_FUNDS_LABELS,
} from '../../../lib/labels';
import { useDraft } from '../useDraft';
import { applyServerErrors, penceToPounds, poundsToPence } from '../validation';
import { h2Sx } from './ownersControls';

/** An optional amount in pounds: empty, or an amount. */
const optionalAmount = z
  .string()
  .refine((v) => v.trim() === '' || poundsToPence(v) !== null, T.amountInvalid);
const amountOrNull = (text: string) => (text.trim() === '' ? null : poundsToPence(text));

const ISA_SOURCES: readonly SourceOfFundsType[] = ['LIFETIME_ISA', 'HELP_TO_BUY_ISA'];

/**
 * A gift's or an ISA's amount is asked once, on the donor or the ISA itself: the source of funds
 * shows their total instead of asking it again (null while none has an amount).
 */
function itemisedTotal(
  sourceType: SourceOfFundsType,
  expanded: Pick<BuyingExpanded, 'gifts' | 'isas'>,
): number | null {
  const amounts =
    sourceType === 'GIFTS'
      ? expanded.gifts.map((g) => g.giftAmount)
      : ISA_SOURCES.includes(sourceType)
        ? expanded.isas.filter((i) => i.isaType === sourceType).map((i) => i.amount)
        : [];
  const given = amounts.filter((a): a is number => a != null);
  return given.length > 0 ? given.reduce((sum, a) => sum + a, 0) : null;
}

/** Asked on the donor or the ISA instead (see itemisedTotal). */
const ITEMISED_SOURCES: readonly SourceOfFundsType[] = ['GIFTS', ...ISA_SOURCES];

// --- Rows, as this section and Review & Submit show them ---------------------------------------

/** A source of funds; given the case, a gift's or an ISA's shows the total of its rows. */
export function sourceItem(
  source: SourceOfFunds,
  expanded?: Pick<BuyingExpanded, 'gifts' | 'isas'>,
): Item {
  const amount =
    expanded && ITEMISED_SOURCES.includes(source.sourceType)
      ? (itemisedTotal(source.sourceType, expanded) ?? source.amount)
      : source.amount;
  return {
    id: source.id,
    title: SOURCE_OF_FUNDS_LABELS[source.sourceType],
    details: amount != null ? [`${T.amount}: ${formatMoney(amount)}`] : [],
  };
}

export function isaItem(isa: Isa, buyers: readonly Buyer[]): Item {
  const holder = buyers.find((b) => b.id === isa.applicantId)?.user.preferredName;
  const details: string[] = [];
  if (holder) details.push(`${T.holder}: ${holder}`);
  if (isa.amount != null) details.push(`${T.amount}: ${formatMoney(isa.amount)}`);
  return { id: isa.id, title: ISA_TYPE_LABELS[isa.isaType], details };
}

export function giftItem(gift: DonorGift): Item {
  const details = [
    gift.donorEmail,
    GIFT_STATUS_LABELS[gift.status],
    T.evidence(gift.documents.length),
  ];
  if (gift.giftAmount != null) details.unshift(`${T.amount}: ${formatMoney(gift.giftAmount)}`);
  return { id: gift.donorId, title: gift.donorName ?? gift.donorEmail, details };
}

// --- The deposit and the lender ---------------------------------------------------------------

const depositSchema = z.object({
  depositAmount: z
    .string()
    .refine((v) => v.trim() !== '', T.depositRequired)
    .refine((v) => v.trim() === '' || poundsToPence(v) !== null, T.depositInvalid),
  lender: z.string(),
});
type DepositValues = z.infer<typeof depositSchema>;
const DEPOSIT_FIELDS = { depositAmount: 'depositAmount', lender: 'lender' } as const;

const LENDER_OPTIONS = LENDERS.map((l) => ({ value: l.code, label: l.name }));

function DepositPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const save = useSavePurchaseAndFinancing(caseId);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const form = useForm<DepositValues>({
    resolver: zodResolver(depositSchema),
    defaultValues: {
      depositAmount: penceToPounds(expanded.depositAmount),
      lender: expanded.lender ?? '',
    },
  });
  const forgetDraft = useDraft(`buying:${caseId}:deposit`, form);
  const errors = form.formState.errors;

  const onSubmit = async (values: DepositValues) => {
    setFailure(null);
    setSaved(false);
    try {
      await save.mutateAsync({
        depositAmount: poundsToPence(values.depositAmount) ?? 0,
        // Left out, the lender chosen before stays (an empty choice is not a clearing).
        ...(values.lender ? { lender: values.lender } : {}),
      });
      forgetDraft();
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, form.setError, DEPOSIT_FIELDS)) setFailure(error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-labelledby={headingId}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.depositHeading}
      </Typography>
      <SummaryList
        rows={[
          {
            term: T.purchasePrice,
            value:
              expanded.purchasePrice != null
                ? formatMoney(expanded.purchasePrice)
                : APPLICATION_TEXTS.notGiven,
          },
        ]}
      />
      <TextInputField
        label={T.depositAmount}
        registration={form.register('depositAmount')}
        kind="money"
        hint={T.depositHint}
        error={errors.depositAmount?.message}
        disabled={save.isPending}
      />
      <SelectField
        label={T.lender}
        registration={form.register('lender')}
        options={LENDER_OPTIONS}
        hint={expanded.lender ? T.lenderKnownHint : T.lenderHint}
        error={errors.lender?.message}
        disabled={save.isPending}
      />
      <FormError error={failure} />
      <SaveRow label={T.saveDeposit} saving={save.isPending} saved={saved} />
    </Stack>
  );
}

// --- Sources of funds -------------------------------------------------------------------------

const sourceSchema = z.object({
  sourceType: z.string().refine((v) => v in SOURCE_OF_FUNDS_LABELS, T.sourceTypeRequired),
  amount: optionalAmount,
});
type SourceValues = z.infer<typeof sourceSchema>;
const SOURCE_FIELDS = { sourceType: 'sourceType', amount: 'amount' } as const;
const SOURCE_OPTIONS = Object.entries(SOURCE_OF_FUNDS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

function SourcesPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const add = useAddSourceOfFunds(caseId);
  const remove = useDeleteSourceOfFunds(caseId);
  const [saved, setSaved] = useState(false);
  const saving = add.isPending || remove.isPending;
  const form = useForm<SourceValues>({
    resolver: zodResolver(sourceSchema),
    defaultValues: { sourceType: '', amount: '' },
  });
  const errors = form.formState.errors;
  const gifts = expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS');
  const chosen = useWatch({ control: form.control, name: 'sourceType' });
  // A gift's or an ISA's amount is asked on the donor or the ISA below, not here as well.
  const itemised = ITEMISED_SOURCES.includes(chosen as SourceOfFundsType);
  return (
    <Stack spacing={2}>
      <Typography variant="body2">{T.sourcesIntro}</Typography>
      <AddableList
        collapsible
        texts={{
          listHeading: T.sourcesList,
          none: T.noSources,
          addHeading: T.addSourceHeading,
          add: T.addSource,
        }}
        items={expanded.sourceOfFunds.map((f) => sourceItem(f, expanded))}
        remove={(id) => remove.mutateAsync(id)}
        saving={saving}
        addForm={form}
        addFields={SOURCE_FIELDS}
        draftKey={`buying:${caseId}:source-of-funds`}
        add={(values) =>
          add.mutateAsync({
            sourceType: values.sourceType as SourceOfFundsType,
            amount: itemised ? null : amountOrNull(values.amount),
          })
        }
        onSaved={setSaved}
      >
        <SelectField
          label={T.sourceType}
          registration={form.register('sourceType')}
          options={SOURCE_OPTIONS}
          error={errors.sourceType?.message}
          disabled={saving}
        />
        {itemised ? (
          <Typography variant="body2">
            {chosen === 'GIFTS' ? T.giftAmountBelow : T.isaAmountBelow}
          </Typography>
        ) : (
          <TextInputField
            label={T.sourceAmount}
            registration={form.register('amount')}
            kind="money"
            error={errors.amount?.message}
            disabled={saving}
          />
        )}
      </AddableList>
      {gifts && expanded.gifts.length === 0 && (
        <Alert severity="info" role="note" data-testid="gifts-note">
          {T.giftsNote}
        </Alert>
      )}
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}

// --- Gift donors ------------------------------------------------------------------------------

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
function DonorsPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
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

// --- ISAs -------------------------------------------------------------------------------------

const isaSchema = z.object({
  isaType: z.string().refine((v) => v in ISA_TYPE_LABELS, T.isaTypeRequired),
  applicantId: z.string(),
  amount: optionalAmount,
});
type IsaValues = z.infer<typeof isaSchema>;
const ISA_FIELDS = { isaType: 'isaType', applicantId: 'applicantId', amount: 'amount' } as const;

/** Shown only while an ISA is a source of funds: each ISA, and whose it is. */
function IsasPart({ caseId, expanded }: { caseId: string; expanded: BuyingExpanded }) {
  const add = useAddIsa();
  const remove = useDeleteIsa();
  const [saved, setSaved] = useState(false);
  const saving = add.isPending || remove.isPending;
  const form = useForm<IsaValues>({
    resolver: zodResolver(isaSchema),
    defaultValues: { isaType: '', applicantId: '', amount: '' },
  });
  const errors = form.formState.errors;
  // Only the kinds listed as a source can be added (the server refuses the others).
  const listed = ISA_SOURCES.filter((t) => expanded.sourceOfFunds.some((f) => f.sourceType === t));
  const typeOptions = listed.map((t) => ({ value: t, label: ISA_TYPE_LABELS[t as IsaType] }));
  const holderOptions = expanded.buyers.map((b) => ({
    value: String(b.id),
    label: b.user.preferredName,
  }));
  return (
    <Stack spacing={2}>
      <AddableList
        collapsible
        texts={{
          listHeading: T.isasList,
          none: T.noIsas,
          addHeading: T.addIsaHeading,
          add: T.addIsa,
        }}
        items={expanded.isas.map((isa) => isaItem(isa, expanded.buyers))}
        remove={(id) => remove.mutateAsync(id)}
        saving={saving}
        addForm={form}
        addFields={ISA_FIELDS}
        draftKey={`buying:${caseId}:isa`}
        add={(values) =>
          add.mutateAsync({
            caseType: 'BUYING',
            caseId: Number(caseId),
            isaType: values.isaType as IsaType,
            amount: amountOrNull(values.amount),
            applicantId: values.applicantId ? Number(values.applicantId) : null,
          })
        }
        onSaved={setSaved}
      >
        <SelectField
          label={T.isaType}
          registration={form.register('isaType')}
          options={typeOptions}
          error={errors.isaType?.message}
          disabled={saving}
        />
        <SelectField
          label={T.isaHolder}
          registration={form.register('applicantId')}
          options={holderOptions}
          error={errors.applicantId?.message}
          disabled={saving}
        />
        <TextInputField
          label={T.isaAmount}
          registration={form.register('amount')}
          kind="money"
          error={errors.amount?.message}
          disabled={saving}
        />
      </AddableList>
      <SaveStatus saving={saving} saved={saved} />
    </Stack>
  );
}

/**
 * Purchase & Financing (/buying/{caseId}/application/purchase-and-financing): the deposit and
 * the lender (POST …/purchase-and-financing), every source of the money (POST and DELETE
 * …/sources-of-funds) and, while a Lifetime or Help to Buy ISA is a source, the ISAs themselves
 * (POST /isas, DELETE /isas/{isaId}); while a gift is a source, the gift donors.
 */
export function PurchaseFinancingSection({
  caseId,
  expanded,
}: {
  caseId: string;
  expanded: BuyingExpanded;
}) {
  const hasIsaSource = expanded.sourceOfFunds.some((f) => ISA_SOURCES.includes(f.sourceType));
  const hasGiftSource = expanded.sourceOfFunds.some((f) => f.sourceType === 'GIFTS');
  return (
    <Stack spacing={4}>
      <DepositPart caseId={caseId} expanded={expanded} />
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 3 }}>
        <SourcesPart caseId={caseId} expanded={expanded} />
      </Box>
      {(hasIsaSource || expanded.isas.length > 0) && (
        <IsasPart caseId={caseId} expanded={expanded} />
      )}
      {(hasGiftSource || expanded.gifts.length > 0) && (
        <DonorsPart caseId={caseId} expanded={expanded} />
      )}
    </Stack>
  );
}
