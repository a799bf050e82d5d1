import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  type ButtonProps,
} from '@mui/material';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { LegalName } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { UK_POSTCODE } from '../../address';
import { AUTH_VALIDATION_MESSAGES, EMAIL_PATTERN } from '../../auth/lazy';
import type { CaseKind } from '../../cases';
import { FormError } from '../components/FormError';
import { ItemList } from '../components/ItemList';
import { OWNERS_TEXTS } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';

// --- Owners: names, missing fields, display -----------------------------------------------------

/** Spec §3: the current legal name is the one with no end date. */
export function currentLegalName(names: readonly LegalName[]): LegalName | null {
  return names.find((n) => !n.until) ?? null;
}

/** A yyyy-mm-dd date as dd/MM/yyyy (spec §5), without time-zone shifts. */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** An address on one line, its empty parts left out (null when it has none). */
export function joinAddress(a: {
  addressLine1?: string | null;
  addressLine2?: string | null;
  town?: string | null;
  postcode?: string | null;
}): string | null {
  const parts = [a.addressLine1, a.addressLine2, a.town, a.postcode].filter((p) => p?.trim());
  return parts.length > 0 ? parts.join(', ') : null;
}

// --- National Insurance number ---------------------------------------------------------------

/** Spaces are ignored and letters upper-cased, as the server does. */
export function normaliseNiNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Two letters, six digits and a final letter A to D (e.g. QQ 12 34 56 C). */
export const NI_PATTERN = /^[A-Z]{2}\d{6}[A-D]$/;

export function isNiNumber(value: string): boolean {
  return NI_PATTERN.test(normaliseNiNumber(value));
}

/** QQ123456C → 'QQ 12 34 56 C' for reading; anything else as it is. */
export function formatNiNumber(value: string): string {
  const v = normaliseNiNumber(value);
  if (!NI_PATTERN.test(v)) return value;
  return `${v.slice(0, 2)} ${v.slice(2, 4)} ${v.slice(4, 6)} ${v.slice(6, 8)} ${v.slice(8)}`;
}

// --- Schemas --------------------------------------------------------------------------------

/** The spec's login e-mail rules (§5): required, then the pattern. */
export const emailField = z
  .string()
  .trim()
  .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_VALIDATION_MESSAGES.emailPattern);

/** An optional e-mail: empty, or the login pattern. */
export const optionalEmailField = z
  .string()
  .trim()
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), AUTH_VALIDATION_MESSAGES.emailPattern);

const ownerDetailsFields = z.object({
  /** Remortgage only: null until answered (a buyer is never asked). */
  livesAtProperty: z.boolean().nullable(),
  addressLine1: z.string().trim().max(200, OWNERS_TEXTS.addressTooLong),
  addressLine2: z.string().trim().max(200, OWNERS_TEXTS.addressLine2TooLong),
  town: z.string().trim().max(100, OWNERS_TEXTS.townTooLong),
  postcode: z
    .string()
    .trim()
    .refine((v) => v === '' || UK_POSTCODE.test(v), OWNERS_TEXTS.postcodeInvalid),
  occupation: z.string().trim().max(100, OWNERS_TEXTS.occupationTooLong),
  nationalInsuranceNumber: z
    .string()
    .refine((v) => v.trim() === '' || isNiNumber(v), OWNERS_TEXTS.niInvalid),
  isUkResident: z.boolean().nullable(),
});
export type OwnerDetailsValues = z.infer<typeof ownerDetailsFields>;

/**
 * An owner's case details, as the server checks them: an owner of a remortgaged property with an
 * address says whether they live there (then its address is theirs, not asked again); anyone else
 * gives their address, a buyer in full with town and postcode (identity checks, land tax return).
 */
/** A buyer's address is asked in full, with town and postcode (identity checks, land tax return). */
export const ASKS_FULL_ADDRESS: Record<CaseKind, boolean> = { remortgaging: false, buying: true };

export function ownerDetailsSchema(kind: CaseKind, asksLivesAtProperty: boolean) {
  return ownerDetailsFields.superRefine((v, ctx) => {
    const issue = (path: keyof OwnerDetailsValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (asksLivesAtProperty && v.livesAtProperty === null) {
      issue('livesAtProperty', OWNERS_TEXTS.livesAtPropertyRequired);
    }
    if (asksLivesAtProperty && v.livesAtProperty !== false) return;
    if (v.addressLine1 === '') issue('addressLine1', OWNERS_TEXTS.addressRequired);
    if (!ASKS_FULL_ADDRESS[kind]) return;
    if (v.town === '') issue('town', OWNERS_TEXTS.townRequired);
    if (v.postcode === '') issue('postcode', OWNERS_TEXTS.postcodeRequired);
  });
}

export const addOwnerSchema = z.object({
  preferredName: z
    .string()
    .trim()
    .min(1, OWNERS_TEXTS.nameRequired)
    .min(2, OWNERS_TEXTS.nameTooShort)
    .max(100, OWNERS_TEXTS.nameTooLong),
  email: emailField,
});
export type AddOwnerValues = z.infer<typeof addOwnerSchema>;

export const personSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, OWNERS_TEXTS.fullNameRequired)
    .min(2, OWNERS_TEXTS.fullNameTooShort)
    .max(100, OWNERS_TEXTS.fullNameTooLong),
  email: optionalEmailField,
});
export type PersonValues = z.infer<typeof personSchema>;

/** The body of a person row: the name trimmed, the e-mail lower-cased and only when given. */
export function personBody(values: PersonValues): { fullName: string; email?: string } {
  const email = values.email.trim().toLowerCase();
  return { fullName: values.fullName.trim(), ...(email ? { email } : {}) };
}

// --- Controls -----------------------------------------------------------------------------------

/** A part of the Owners and Transfer of Equity sections, as a card. */
export const cardSx = {
  p: { xs: 2, sm: 3 },
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
} as const;

export const h2Sx = { fontSize: '1.35rem', fontWeight: 600 } as const;
export const h4Sx = { fontSize: '1.05rem', fontWeight: 600 } as const;

/** A submit button that says it is saving (and is disabled) while busy. */
export function SubmitButton({
  busy,
  label,
  busyLabel = OWNERS_TEXTS.saving,
  ...rest
}: { busy: boolean; label: string; busyLabel?: string } & Omit<ButtonProps, 'children'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
      {...rest}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** A confirmation before removing something; shows the failure in the dialog. */
export function ConfirmRemoveDialog({
  open,
  title,
  body,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId}>{body}</DialogContentText>
        {error ? (
          <Box sx={{ mt: 2 }}>
            <FormError error={error} fields={{}} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {OWNERS_TEXTS.cancel}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {OWNERS_TEXTS.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A person (full name, optional e-mail) as the occupant and removed-owner lists show them. */
export interface PersonRow {
  id: number;
  fullName: string;
  email?: string | null;
}

/**
 * A list of people with a Remove button each (after a confirmation). `remove` is the mutation:
 * its failure is shown in the dialog.
 */
export function PeopleList({
  label,
  empty,
  people,
  confirmTitle,
  confirmBody,
  remove,
}: {
  label: string;
  empty: string;
  people: PersonRow[];
  confirmTitle: (name: string) => string;
  confirmBody: string;
  remove: {
    mutateAsync: (id: number) => Promise<unknown>;
    isPending: boolean;
    error: unknown;
    reset: () => void;
  };
}) {
  const [target, setTarget] = useState<PersonRow | null>(null);
  const close = () => {
    setTarget(null);
    remove.reset();
  };
  return (
    <>
      <ItemList
        label={label}
        emptyText={empty}
        items={people.map((p) => ({
          id: p.id,
          title: p.fullName,
          details: p.email ? [p.email] : [],
        }))}
        action={OWNERS_TEXTS.remove}
        onDelete={(id) => setTarget(people.find((p) => p.id === id) ?? null)}
      />
      <ConfirmRemoveDialog
        open={target !== null}
        title={target ? confirmTitle(target.fullName) : ''}
        body={confirmBody}
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() => {
          if (!target) return;
          remove
            .mutateAsync(target.id)
            .then(close)
            .catch(() => undefined);
        }}
      />
    </>
  );
}

/** The server's names for a person's fields (an occupant's are `occupant.fullName`…). */
const PERSON_FIELDS: ServerFieldMap<PersonValues> = { fullName: 'fullName', email: 'email' };

/**
 * Add a person (full name, optional e-mail). `add` throws an ApiError on failure; its field
 * problems go on the fields, the rest above the form; what was typed stays.
 */
export function PersonForm({
  heading,
  submitLabel,
  add,
}: {
  heading: string;
  submitLabel: string;
  add: (body: { fullName: string; email?: string }) => Promise<unknown>;
}) {
  const headingId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues>({
    resolver: zodResolver(personSchema),
    defaultValues: { fullName: '', email: '' },
  });
  const onSubmit = async (values: PersonValues) => {
    setFailure(null);
    try {
      await add(personBody(values));
      reset();
    } catch (error) {
      if (applyServerErrors(error, setError, PERSON_FIELDS)) setFailure(error);
    }
  };
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
    >
      <Typography id={headingId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {heading}
      </Typography>
      <FormError error={failure} fields={PERSON_FIELDS} />
      <TextField
        label={OWNERS_TEXTS.occupantNameLabel}
        autoComplete="off"
        required
        fullWidth
        {...fieldProps(register, errors, 'fullName')}
      />
      <TextField
        label={OWNERS_TEXTS.occupantEmailLabel}
        type="email"
        autoComplete="off"
        fullWidth
        {...fieldProps(register, errors, 'email')}
      />
      <SubmitButton busy={isSubmitting} label={submitLabel} busyLabel={OWNERS_TEXTS.adding} />
    </Stack>
  );
}
