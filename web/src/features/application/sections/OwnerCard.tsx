import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import {
  PREVIOUS_LEGAL_NAMES_TEXTS,
  PreviousLegalNames,
} from '../../../components/PreviousLegalNames';
import { SummaryList } from '../../../components/SummaryList';
import type { Owner } from '../../../lib/api/types';
import { fullLegalName } from '../../../lib/format';
import type { CaseKind } from '../../cases';
import { useDeleteApplicantLegalName } from '../api/deleteApplicantLegalName';
import { useRemoveApplicant } from '../api/removeApplicant';
import { OWNERS_TEXTS, PARTY_TEXTS } from '../ownersTexts';
import { OwnerDetailsForm } from './OwnerDetailsForm';
import { cardSx, ConfirmRemoveDialog, h4Sx } from './ownersControls';
import { currentLegalName, formatIsoDate, formatNiNumber, joinAddress } from './ownersFormat';

const h3Sx = { fontSize: '1.15rem', fontWeight: 600 } as const;

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

export function OwnerCard({
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
