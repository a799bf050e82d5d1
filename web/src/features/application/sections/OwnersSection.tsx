import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  PREVIOUS_LEGAL_NAMES_TEXTS,
  PreviousLegalNames,
} from '../../../components/PreviousLegalNames';
import { RouterLink } from '../../../components/RouterLink';
import type { ExpandedCase, Owner, RemortgagingExpanded } from '../../../lib/api/types';
import { muiField } from '../../../lib/form';
import { AddressLookup } from '../../address';
import { useSession } from '../../auth';
import type { CaseKind } from '../../cases';
import { useAddApplicant } from '../api/addApplicant';
import { useDeleteApplicantLegalName } from '../api/deleteApplicantLegalName';
import { useDeletePropertyOccupant } from '../api/deletePropertyOccupant';
import { useRemoveApplicant } from '../api/removeApplicant';
import { useSaveApplicantDetails } from '../api/saveApplicantDetails';
import { useSavePropertyOccupant } from '../api/savePropertyOccupant';
import { YesNoField } from '../components/fields';
import { FormError, ownersFailureText } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { SummaryList } from '../../../components/SummaryList';
import { BROKER_STAGES, isBuying, kindOf, partiesOf } from '../caseKind';
import { OWNERS_TEXTS, PARTY_TEXTS } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import {
  addOwnerSchema,
  cardSx,
  ConfirmRemoveDialog,
  currentLegalName,
  formatIsoDate,
  ASKS_FULL_ADDRESS,
  formatNiNumber,
  h2Sx,
  joinAddress,
  normaliseNiNumber,
  ownerDetailsSchema,
  PeopleList,
  PersonForm,
  SubmitButton,
  type AddOwnerValues,
  type OwnerDetailsValues,
} from './ownersControls';
import { CompanyPart } from './CompanyPart';
import { TenancySplitPart } from './TenancySplitPart';
import { TitleRegisterPart } from './TitleRegisterPart';
import { fullLegalName } from '../../../lib/format';

export interface OwnersSectionProps {
  caseId: string;
  expanded: ExpandedCase;
}

const h3Sx = { fontSize: '1.15rem', fontWeight: 600 } as const;
const h4Sx = { fontSize: '1.05rem', fontWeight: 600 } as const;

/**
 * The Owners section of a remortgage (`owners`) and the Buyer Details section of a purchase
 * (`buyer-details`), one form fed by the case type: every owner or buyer with what is still
 * missing (spec §5 labels; a buyer also needs occupation, NI number and UK residence), the
 * signed-in person's case details, adding (with an invitation e-mail) and removing co-owners or
 * co-buyers, and for a remortgage the other adults living at the property (a purchase has no
 * such part, nor a transfer of equity) and, for a company case, the company and its directors
 * (CompanyPart). Others' details are redacted to a customer alike. The section's state is the
 * engine's; every write refetches the case.
 */
export function OwnersSection({ caseId, expanded }: OwnersSectionProps) {
  const { me, isBroker } = useSession();
  const kind = kindOf(expanded);
  const T = PARTY_TEXTS[kind];
  const brokerStage = isBroker && BROKER_STAGES.includes(expanded.status);
  const owners = partiesOf(expanded);
  const ownersHeadingId = useId();
  // An owner of a remortgaged property who lives there is not asked for their address again.
  const propertyAddress = isBuying(expanded) ? null : joinAddress(expanded.property);
  // Once the owners said they own it alone, there is no one else to add.
  const soleOwner = expanded.property.landOwnership === 'SOLE_OWNER';
  return (
    <Stack spacing={4} sx={{ maxWidth: 880, minWidth: 0 }}>
      <Typography>{T.intro}</Typography>
      <Stack component="section" aria-labelledby={ownersHeadingId} spacing={2}>
        <Typography id={ownersHeadingId} variant="h2" sx={h2Sx}>
          {T.ownersHeading}
        </Typography>
        {owners.length === 0 && <Typography>{T.noOwners}</Typography>}
        {owners.map((owner) => (
          <OwnerCard
            key={owner.id}
            kind={kind}
            caseId={caseId}
            owner={owner}
            isMe={!!me && owner.user.id === me.id}
            canEdit={!owner.redacted && ((!!me && owner.user.id === me.id) || brokerStage)}
            propertyAddress={propertyAddress}
          />
        ))}
      </Stack>
      {!isBuying(expanded) && (
        <TitleRegisterPart
          caseId={caseId}
          expanded={expanded}
          canExplain={!isBroker || brokerStage}
        />
      )}
      {!soleOwner && <AddOwnerForm kind={kind} caseId={caseId} />}
      {!isBuying(expanded) && (
        <CompanyPart caseId={caseId} expanded={expanded} canEdit={!isBroker || brokerStage} />
      )}
      <TenancySplitPart caseId={caseId} expanded={expanded} canEdit={!isBroker || brokerStage} />
      {!isBuying(expanded) && <OccupantsPart caseId={caseId} expanded={expanded} />}
    </Stack>
  );
}

// --- One owner ---------------------------------------------------------------------------------

function orNotGiven(value: string | null | undefined): ReactNode {
  return value && value.trim() !== '' ? (
    value
  ) : (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {OWNERS_TEXTS.notGiven}
    </Box>
  );
}

function OwnerDetailsList({ owner }: { owner: Owner }) {
  const T = OWNERS_TEXTS;
  const { user } = owner;
  const legal = currentLegalName(user.legalNames);
  const ni = user.nationalInsuranceNumber;
  const rows: [string, string | null | undefined][] = [
    [T.fieldPreferredName, user.preferredName],
    [T.fieldLegalName, legal ? fullLegalName(legal) : null],
    [T.fieldEmail, user.email],
    [T.fieldPhone, user.phoneNumber],
    [T.fieldDateOfBirth, user.dateOfBirth ? formatIsoDate(user.dateOfBirth) : null],
    [
      T.fieldAddress,
      joinAddress({
        addressLine1: user.address.line1,
        addressLine2: user.address.line2,
        town: user.address.town,
        postcode: user.address.postcode,
      }),
    ],
    // Only a remortgage's owners are asked whether they live at the property.
    ...(owner.livesAtProperty == null
      ? []
      : [[T.livesAtProperty, owner.livesAtProperty ? T.yes : T.no] as [string, string]]),
    [T.fieldOccupation, user.occupation],
    [T.fieldNiNumber, ni ? formatNiNumber(ni) : null],
    [T.fieldUkResident, owner.isUkResident == null ? null : owner.isUkResident ? T.yes : T.no],
  ];
  return <SummaryList rows={rows.map(([term, value]) => ({ term, value: orNotGiven(value) }))} />;
}

/** What the owner still has to give: the engine's answer (the one the section's state follows). */
function MissingFields({ kind, owner }: { kind: CaseKind; owner: Owner }) {
  const T = PARTY_TEXTS[kind];
  const missing = owner.missingFields;
  if (missing.length === 0) {
    return (
      <Typography data-testid="owner-complete" sx={{ color: 'success.main', fontWeight: 600 }}>
        {T.complete}
      </Typography>
    );
  }
  return (
    <Alert severity="warning" data-testid="owner-missing">
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {T.missingIntro}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {missing.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </Box>
    </Alert>
  );
}

function OwnerCard({
  kind,
  caseId,
  owner,
  isMe,
  canEdit,
  propertyAddress,
}: {
  kind: CaseKind;
  caseId: string;
  owner: Owner;
  isMe: boolean;
  canEdit: boolean;
  propertyAddress: string | null;
}) {
  const T = PARTY_TEXTS[kind];
  const headingId = useId();
  const name = owner.user.preferredName;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h3" sx={{ ...h3Sx, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {owner.isLead && <Chip size="small" color="primary" label={T.lead} />}
          {isMe && <Chip size="small" variant="outlined" label={T.you} />}
        </Stack>
        {!owner.isLead && (
          <RemoveOwnerButton kind={kind} caseId={caseId} owner={owner} isMe={isMe} />
        )}
      </Stack>
      {owner.redacted ? (
        <Typography data-testid="owner-redacted">{T.redacted}</Typography>
      ) : (
        <>
          <OwnerDetailsList owner={owner} />
          <MissingFields kind={kind} owner={owner} />
        </>
      )}
      {canEdit && !owner.redacted && (
        <OwnerPreviousNames kind={kind} caseId={caseId} owner={owner} />
      )}
      {canEdit && (
        <OwnerDetailsForm
          key={`${owner.id}`}
          kind={kind}
          caseId={caseId}
          owner={owner}
          isMe={isMe}
          propertyAddress={propertyAddress}
        />
      )}
    </Stack>
  );
}

function RemoveOwnerButton({
  kind,
  caseId,
  owner,
  isMe,
}: {
  kind: CaseKind;
  caseId: string;
  owner: Owner;
  isMe: boolean;
}) {
  const T = PARTY_TEXTS[kind];
  const [open, setOpen] = useState(false);
  const remove = useRemoveApplicant(kind, caseId);
  const navigate = useNavigate();
  const name = owner.user.preferredName;
  const close = () => {
    setOpen(false);
    remove.reset();
  };
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        size="small"
        aria-label={T.removeOwnerLabel(name)}
        onClick={() => setOpen(true)}
      >
        {T.remove}
      </Button>
      <ConfirmRemoveDialog
        open={open}
        title={T.removeOwnerTitle(name)}
        body={isMe ? T.removeSelfBody : T.removeOwnerBody}
        busy={remove.isPending}
        error={remove.error}
        onClose={close}
        onConfirm={() =>
          remove.mutate(owner.user.id, {
            onSuccess: () => {
              close();
              // Someone who took themselves off the case can no longer open it.
              if (isMe) void navigate({ to: '/$caseType', params: { caseType: kind } });
            },
          })
        }
      />
    </>
  );
}

/**
 * The owner's previous legal names (those with an end date), each deletable from the case
 * (CALLS-71 / CALLS-74); the current name is not listed, it is replaced in Settings instead.
 */
function OwnerPreviousNames({
  kind,
  caseId,
  owner,
}: {
  kind: CaseKind;
  caseId: string;
  owner: Owner;
}) {
  const remove = useDeleteApplicantLegalName(kind, caseId, owner.id);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <PreviousLegalNames
      names={owner.user.legalNames}
      headingLevel={4}
      headingSx={h4Sx}
      pending={remove.isPending}
      onDelete={(legalNameId) =>
        remove.mutate(legalNameId, {
          onSuccess: () =>
            enqueueSnackbar(PREVIOUS_LEGAL_NAMES_TEXTS.deleted, { variant: 'success' }),
          onError: () =>
            enqueueSnackbar(PREVIOUS_LEGAL_NAMES_TEXTS.deleteFailed, { variant: 'error' }),
        })
      }
    />
  );
}

// --- The owner's case details ------------------------------------------------------------------

const DETAILS_FIELDS: ServerFieldMap<OwnerDetailsValues> = {
  livesAtProperty: 'livesAtProperty',
  addressLine1: 'addressLine1',
  address: 'addressLine1',
  'address.line1': 'addressLine1',
  addressLine2: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  occupation: 'occupation',
  nationalInsuranceNumber: 'nationalInsuranceNumber',
  isUkResident: 'isUkResident',
};

/** A field left out of the request when left empty. */
function optional<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  const trimmed = value.trim();
  return trimmed ? ({ [key]: trimmed } as Record<K, string>) : {};
}

function OwnerDetailsForm({
  kind,
  caseId,
  owner,
  isMe,
  propertyAddress,
}: {
  kind: CaseKind;
  caseId: string;
  owner: Owner;
  isMe: boolean;
  /** The remortgaged property's address; null for a purchase (a buyer is not asked). */
  propertyAddress: string | null;
}) {
  const T = PARTY_TEXTS[kind];
  const headingId = useId();
  const save = useSaveApplicantDetails(kind, caseId, owner.id);
  const [failure, setFailure] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OwnerDetailsValues>({
    resolver: zodResolver(ownerDetailsSchema(kind, propertyAddress !== null)),
    defaultValues: {
      livesAtProperty: owner.livesAtProperty ?? null,
      addressLine1: owner.user.address.line1 ?? '',
      addressLine2: owner.user.address.line2 ?? '',
      town: owner.user.address.town ?? '',
      postcode: owner.user.address.postcode ?? '',
      occupation: owner.user.occupation ?? '',
      nationalInsuranceNumber: owner.user.nationalInsuranceNumber
        ? formatNiNumber(owner.user.nationalInsuranceNumber)
        : '',
      isUkResident: owner.isUkResident ?? null,
    },
  });
  const onSubmit = async (values: OwnerDetailsValues) => {
    setFailure(null);
    setSaved(false);
    const occupation = values.occupation.trim();
    const ni = normaliseNiNumber(values.nationalInsuranceNumber);
    try {
      await save.mutateAsync({
        ...(values.livesAtProperty
          ? { livesAtProperty: true }
          : {
              ...(propertyAddress !== null ? { livesAtProperty: false } : {}),
              addressLine1: values.addressLine1.trim(),
              ...optional('addressLine2', values.addressLine2),
              ...optional('town', values.town),
              ...optional('postcode', values.postcode),
            }),
        ...(occupation ? { occupation } : {}),
        ...(ni ? { nationalInsuranceNumber: ni } : {}),
        ...(values.isUkResident !== null ? { isUkResident: values.isUkResident } : {}),
      });
      reset(values);
      setSaved(true);
    } catch (error) {
      if (applyServerErrors(error, setError, DETAILS_FIELDS)) setFailure(error);
    }
  };
  const name = owner.user.preferredName;
  const livesAtProperty = useWatch({ control, name: 'livesAtProperty' });
  const asksAddress = propertyAddress === null || livesAtProperty === false;
  const fill = { shouldDirty: true, shouldValidate: true } as const;
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-labelledby={headingId}
      onSubmit={handleSubmit(onSubmit)}
      sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h4" sx={h4Sx}>
        {isMe ? T.detailsHeading : T.detailsHeadingFor(name)}
      </Typography>
      {isMe && (
        <Typography variant="body2">
          {T.profileNote} <RouterLink to="/settings">{T.profileLink}</RouterLink>.
        </Typography>
      )}
      <FormError error={failure} fields={DETAILS_FIELDS} />
      {propertyAddress !== null && (
        <Controller
          control={control}
          name="livesAtProperty"
          render={({ field, fieldState }) => (
            <YesNoField
              name={`lives-at-property-${owner.id}`}
              legend={isMe ? T.livesAtPropertyLegend : T.livesAtPropertyLegendFor(name)}
              hint={T.livesAtPropertyHint(propertyAddress)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {asksAddress && (
        <>
          <AddressLookup
            onChoose={(address) => {
              setValue('addressLine1', address.addressLine1, fill);
              setValue('addressLine2', address.addressLine2 ?? '', fill);
              setValue('town', address.town, fill);
              setValue('postcode', address.postcode, fill);
            }}
          />
          <TextField
            label={T.addressLabel}
            autoComplete={isMe ? 'address-line1' : 'off'}
            required
            fullWidth
            error={!!errors.addressLine1}
            helperText={errors.addressLine1?.message ?? T.addressHelp}
            {...muiField(register('addressLine1'))}
          />
          <TextField
            label={T.addressLine2Label}
            autoComplete={isMe ? 'address-line2' : 'off'}
            fullWidth
            error={!!errors.addressLine2}
            helperText={errors.addressLine2?.message}
            {...muiField(register('addressLine2'))}
          />
          <TextField
            label={T.townLabel}
            autoComplete={isMe ? 'address-level2' : 'off'}
            required={ASKS_FULL_ADDRESS[kind]}
            fullWidth
            error={!!errors.town}
            helperText={errors.town?.message}
            {...muiField(register('town'))}
          />
          <TextField
            label={T.postcodeLabel}
            autoComplete={isMe ? 'postal-code' : 'off'}
            required={ASKS_FULL_ADDRESS[kind]}
            fullWidth
            error={!!errors.postcode}
            helperText={errors.postcode?.message}
            slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
            {...muiField(register('postcode'))}
          />
        </>
      )}
      <TextField
        label={T.occupationLabel}
        autoComplete={isMe ? 'organization-title' : 'off'}
        fullWidth
        error={!!errors.occupation}
        helperText={errors.occupation?.message}
        {...muiField(register('occupation'))}
      />
      <TextField
        label={T.niLabel}
        autoComplete="off"
        fullWidth
        error={!!errors.nationalInsuranceNumber}
        helperText={errors.nationalInsuranceNumber?.message ?? T.niHelp}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
        {...muiField(register('nationalInsuranceNumber'))}
      />
      <Controller
        control={control}
        name="isUkResident"
        render={({ field, fieldState }) => (
          <YesNoField
            name={`uk-resident-${owner.id}`}
            legend={isMe ? T.ukResidentLegend : T.ukResidentLegendFor(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <SaveStatus saved={saved && !isSubmitting} savedText={T.saved} />
      <SubmitButton busy={isSubmitting} label={T.saveDetails} />
    </Stack>
  );
}

// --- Adding an owner -------------------------------------------------------------------------

const ADD_FIELDS: ServerFieldMap<AddOwnerValues> = {
  preferredName: 'preferredName',
  email: 'email',
};

function AddOwnerForm({ kind, caseId }: { kind: CaseKind; caseId: string }) {
  const T = PARTY_TEXTS[kind];
  const headingId = useId();
  const add = useAddApplicant(kind);
  const [failure, setFailure] = useState<unknown>(null);
  const [invited, setInvited] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddOwnerValues>({
    resolver: zodResolver(addOwnerSchema),
    defaultValues: { preferredName: '', email: '' },
  });
  const onSubmit = async (values: AddOwnerValues) => {
    setFailure(null);
    setInvited(null);
    const email = values.email.trim().toLowerCase();
    try {
      await add.mutateAsync({
        caseId: Number(caseId),
        preferredName: values.preferredName.trim(),
        email,
      });
      reset();
      setInvited(email);
    } catch (error) {
      if (applyServerErrors(error, setError, ADD_FIELDS)) setFailure(error);
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
        {T.addHeading}
      </Typography>
      <Typography>{T.addIntro}</Typography>
      {invited && (
        <Alert severity="success" role="status">
          {T.added(invited)}
        </Alert>
      )}
      <FormError error={failure} fields={ADD_FIELDS} />
      <TextField
        label={T.addNameLabel}
        autoComplete="off"
        required
        fullWidth
        error={!!errors.preferredName}
        helperText={errors.preferredName?.message}
        {...muiField(register('preferredName'))}
      />
      <TextField
        label={T.addEmailLabel}
        type="email"
        autoComplete="off"
        required
        fullWidth
        error={!!errors.email}
        helperText={errors.email?.message}
        {...muiField(register('email'))}
      />
      <SubmitButton busy={isSubmitting} label={T.addButton} busyLabel={T.adding} />
    </Stack>
  );
}

// --- Other adults living at the property ------------------------------------------------------

function OccupantsPart({ caseId, expanded }: { caseId: string; expanded: RemortgagingExpanded }) {
  const T = OWNERS_TEXTS;
  const headingId = useId();
  const save = useSavePropertyOccupant(caseId);
  const remove = useDeletePropertyOccupant(caseId);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const occupants = expanded.occupants;
  // The answer shows at once and stays while it is saved and the case is fetched again; when
  // the server's answer changes (that save, or someone else's), it takes over. A refusal puts
  // the server's answer back.
  const saved = expanded.hasAdultOccupants ?? null;
  const [answer, setAnswer] = useState<boolean | null>(saved);
  const [lastSaved, setLastSaved] = useState<boolean | null>(saved);
  if (saved !== lastSaved) {
    setLastSaved(saved);
    setAnswer(saved);
  }
  const answering = save.isPending && !!save.variables && !save.variables.occupant;

  const onAnswer = (value: boolean) => {
    setAnswerError(null);
    setAnswer(value);
    save.mutate(
      { hasAdultOccupants: value },
      {
        onError: (error) => {
          setAnswer(saved);
          setAnswerError(ownersFailureText(error));
        },
      },
    );
  };

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.occupantsHeading}
      </Typography>
      <YesNoField
        name="has-adult-occupants"
        legend={T.occupantsQuestion}
        hint={T.occupantsHelp}
        value={answer}
        onChange={onAnswer}
        disabled={answering}
        error={answerError ?? undefined}
      />
      <SaveStatus saving={answering} />
      {(answer === true || occupants.length > 0) && (
        <>
          <PeopleList
            label={T.occupantsListLabel}
            empty={T.noOccupants}
            people={occupants}
            confirmTitle={T.occupantRemoveTitle}
            confirmBody={T.occupantRemoveBody}
            remove={remove}
          />
          <PersonForm
            heading={T.addOccupantHeading}
            submitLabel={T.addOccupant}
            add={(occupant) => save.mutateAsync({ hasAdultOccupants: true, occupant })}
          />
        </>
      )}
    </Stack>
  );
}
