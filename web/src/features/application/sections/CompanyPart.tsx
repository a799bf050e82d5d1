import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { SummaryList } from '../../../components/SummaryList';
import type { Company, CompanyBody, Owner, RemortgagingExpanded } from '../../../lib/api/types';
import { fieldProps } from '../../../lib/form';
import { UK_POSTCODE } from '../../address';
import { useSaveCompany } from '../api/saveCompany';
import { FormError } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { COMPANY_TEXTS as T } from '../ownersTexts';
import { applyServerErrors, type ServerFieldMap } from '../validation';
import { cardSx, h2Sx, joinAddress, SubmitButton } from './ownersControls';

// --- Company number and postcode -----------------------------------------------------------

/** Spaces are ignored and letters upper-cased, as the server does ('sc 123456' → 'SC123456'). */
export function normaliseCompanyNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Companies House, as the server reads it: up to eight digits (padded with zeros), two letters
 * and six digits (SC…, NI…, OC…), or R and seven digits.
 */
export function isCompanyNumber(value: string): boolean {
  return /^(\d{1,8}|[A-Z]{2}\d{6}|R\d{7})$/.test(normaliseCompanyNumber(value));
}

/** 'ct1  2ab ' → 'CT1 2AB'. */
function normalisePostcode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

// --- The form's values -----------------------------------------------------------------------

const companySchema = z.object({
  registeredName: z
    .string()
    .trim()
    .min(1, T.registeredNameRequired)
    .max(160, T.registeredNameTooLong),
  companyNumber: z
    .string()
    .trim()
    .min(1, T.companyNumberRequired)
    .refine((v) => v === '' || isCompanyNumber(v), T.companyNumberInvalid),
  addressLine1: z.string().trim().min(1, T.addressLine1Required).max(200, T.addressLine1TooLong),
  addressLine2: z.string().trim().max(200, T.addressLine2TooLong),
  town: z.string().trim().min(1, T.townRequired).max(100, T.townTooLong),
  postcode: z
    .string()
    .trim()
    .min(1, T.postcodeRequired)
    .refine((v) => v === '' || UK_POSTCODE.test(v), T.postcodeInvalid),
  /** One row per owner, in the owners' order. */
  officers: z
    .array(z.object({ ownerId: z.number(), isDirector: z.boolean(), isGuarantor: z.boolean() }))
    .refine((rows) => rows.some((r) => r.isDirector), T.directorRequired),
});
export type CompanyValues = z.infer<typeof companySchema>;

function defaultsFor(company: Company | null, owners: readonly Owner[]): CompanyValues {
  const office = company?.registeredOffice;
  return {
    registeredName: company?.registeredName ?? '',
    companyNumber: company?.companyNumber ?? '',
    addressLine1: office?.addressLine1 ?? '',
    addressLine2: office?.addressLine2 ?? '',
    town: office?.town ?? '',
    postcode: office?.postcode ?? '',
    officers: owners.map((owner) => {
      const officer = company?.officers.find((o) => o.ownerId === owner.id);
      return {
        ownerId: owner.id,
        isDirector: officer?.isDirector ?? false,
        isGuarantor: officer?.isGuarantor ?? false,
      };
    }),
  };
}

/**
 * The request body: trimmed, the company number and postcode normalised as the server would,
 * address line 2 only when given, and only the owners who are a director or a guarantor.
 */
export function companyBody(values: CompanyValues): CompanyBody {
  const addressLine2 = values.addressLine2.trim();
  return {
    registeredName: values.registeredName.trim(),
    companyNumber: normaliseCompanyNumber(values.companyNumber),
    registeredOffice: {
      addressLine1: values.addressLine1.trim(),
      ...(addressLine2 ? { addressLine2 } : {}),
      town: values.town.trim(),
      postcode: normalisePostcode(values.postcode),
    },
    officers: values.officers
      .filter((o) => o.isDirector || o.isGuarantor)
      .map(({ ownerId, isDirector, isGuarantor }) => ({ ownerId, isDirector, isGuarantor })),
  };
}

/** The server's field names (`registeredOffice.postcode`, `officers[0].ownerId`…) → the form's. */
const COMPANY_FIELDS: ServerFieldMap<CompanyValues> = {
  registeredName: 'registeredName',
  companyNumber: 'companyNumber',
  registeredOffice: 'addressLine1',
  addressLine1: 'addressLine1',
  addressLine2: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  officers: 'officers',
  ownerId: 'officers',
  isDirector: 'officers',
  isGuarantor: 'officers',
};

// --- The part ---------------------------------------------------------------------------------

/**
 * A company case's company (issue 33, CALLS-26): as Companies House registers it, and which of
 * the owners listed are its directors and personal guarantors. Shown only for a company case
 * (the server says which: `isCompanyCase`); once recorded it is a summary with 'Change'.
 * `canEdit` is whether this person may change the Owners section now. The server decides
 * whether the case may be submitted (a director named).
 */
export function CompanyPart({
  caseId,
  expanded,
  canEdit,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
  canEdit: boolean;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!expanded.isCompanyCase) return null;
  const company = expanded.company ?? null;
  const owners = expanded.propertyOwners;
  const editing = canEdit && (company === null || changing);
  // Back to the summary: focus goes to the part's heading, not to the page's start.
  const toSummary = (wasSaved: boolean) => {
    setChanging(false);
    setSaved(wasSaved);
    headingRef.current?.focus();
  };
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Typography
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        sx={{ ...h2Sx, '&:focus': { outline: 'none' } }}
      >
        {T.heading}
      </Typography>
      <Typography>{T.intro}</Typography>
      {editing ? (
        <CompanyForm
          key={owners.map((o) => o.id).join(',')}
          caseId={caseId}
          owners={owners}
          company={company}
          focusFirst={changing}
          onSaved={() => toSummary(true)}
          onCancel={company ? () => toSummary(false) : undefined}
        />
      ) : company ? (
        <>
          <CompanySummary company={company} owners={owners} />
          <SaveStatus saved={saved} savedText={T.saved} />
          {canEdit && (
            <Button
              variant="outlined"
              onClick={() => {
                setSaved(false);
                setChanging(true);
              }}
              sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
            >
              {T.change}
            </Button>
          )}
        </>
      ) : (
        <Typography>{T.notGiven}</Typography>
      )}
    </Stack>
  );
}

function CompanySummary({ company, owners }: { company: Company; owners: readonly Owner[] }) {
  // An officer whose owner has since been removed is left out (the server drops them too).
  const names = (pick: (o: Company['officers'][number]) => boolean) =>
    company.officers
      .filter(pick)
      .map((o) => owners.find((owner) => owner.id === o.ownerId)?.user.preferredName)
      .filter((name): name is string => !!name)
      .join(', ') || T.none;
  return (
    <SummaryList
      testId="company-summary"
      rows={[
        { term: T.fieldRegisteredName, value: company.registeredName },
        { term: T.fieldCompanyNumber, value: company.companyNumber },
        { term: T.fieldRegisteredOffice, value: joinAddress(company.registeredOffice) },
        { term: T.fieldDirectors, value: names((o) => o.isDirector) },
        { term: T.fieldGuarantors, value: names((o) => o.isGuarantor) },
      ]}
    />
  );
}

function CompanyForm({
  caseId,
  owners,
  company,
  focusFirst,
  onSaved,
  onCancel,
}: {
  caseId: string;
  owners: readonly Owner[];
  company: Company | null;
  /** Opened with 'Change': the first field takes the focus. */
  focusFirst: boolean;
  onSaved: () => void;
  /** Back to the summary without saving (only once a company is recorded). */
  onCancel?: () => void;
}) {
  const save = useSaveCompany(caseId);
  const officersId = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CompanyValues>({
    resolver: zodResolver(companySchema),
    defaultValues: defaultsFor(company, owners),
  });
  useEffect(() => {
    if (focusFirst) setFocus('registeredName');
  }, [focusFirst, setFocus]);

  const onSubmit = async (values: CompanyValues) => {
    setFailure(null);
    try {
      await save.mutateAsync(companyBody(values));
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, COMPANY_FIELDS)) setFailure(error);
    }
  };
  // A problem with the officers as a whole (no director; an owner no longer on the case): the
  // resolver puts it on the list's root, the server's 422 on the list.
  const officersError = errors.officers?.root?.message ?? errors.officers?.message;
  const text = (name: keyof CompanyValues, label: string, hint?: string) => ({
    label,
    fullWidth: true,
    ...fieldProps(register, errors, name, { hint }),
    slotProps: { formHelperText: errors[name] ? { role: 'alert' } : {} },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={handleSubmit(onSubmit)}
      sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        {...text('registeredName', T.registeredNameLabel, T.registeredNameHelp)}
        required
        autoComplete="organization"
      />
      <TextField
        {...text('companyNumber', T.companyNumberLabel, T.companyNumberHelp)}
        required
        autoComplete="off"
        slotProps={{
          formHelperText: errors.companyNumber ? { role: 'alert' } : {},
          htmlInput: { autoCapitalize: 'characters', spellCheck: false },
        }}
      />
      <Typography variant="h3" sx={{ fontSize: '1.15rem', fontWeight: 600 }}>
        {T.officeHeading}
      </Typography>
      <TextField {...text('addressLine1', T.addressLine1Label)} required autoComplete="off" />
      <TextField {...text('addressLine2', T.addressLine2Label)} autoComplete="off" />
      <TextField {...text('town', T.townLabel)} required autoComplete="off" />
      <TextField
        {...text('postcode', T.postcodeLabel)}
        required
        autoComplete="off"
        slotProps={{
          formHelperText: errors.postcode ? { role: 'alert' } : {},
          htmlInput: { autoCapitalize: 'characters' },
        }}
      />
      <FormControl
        component="fieldset"
        error={!!officersError}
        aria-describedby={`${officersId}-hint`}
      >
        <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {T.officersLegend}
        </FormLabel>
        <Typography
          id={`${officersId}-hint`}
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5 }}
        >
          {T.officersHint} {T.ownersNote}
        </Typography>
        {owners.map((owner, i) => (
          <Box
            key={owner.id}
            component="fieldset"
            sx={{ border: 0, m: 0, mt: 1.5, p: 0, minWidth: 0 }}
          >
            <Typography component="legend" sx={{ p: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {owner.user.preferredName}
            </Typography>
            <FormGroup row sx={{ columnGap: 2 }}>
              <OfficerCheckbox
                control={control}
                name={`officers.${i}.isDirector`}
                label={T.director}
              />
              <OfficerCheckbox
                control={control}
                name={`officers.${i}.isGuarantor`}
                label={T.guarantor}
              />
            </FormGroup>
          </Box>
        ))}
      </FormControl>
      {officersError && (
        <Alert severity="error" role="alert" data-testid="company-officers-error">
          {officersError}
        </Alert>
      )}
      <FormError error={failure} fields={COMPANY_FIELDS} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SubmitButton busy={isSubmitting} label={T.save} />
        {onCancel && (
          <Button variant="text" onClick={onCancel} disabled={isSubmitting}>
            {T.cancel}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** One of an owner's two boxes (Director, Personal guarantor), bound to the form. */
function OfficerCheckbox({
  control,
  name,
  label,
}: {
  control: Control<CompanyValues>;
  name: `officers.${number}.isDirector` | `officers.${number}.isGuarantor`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
