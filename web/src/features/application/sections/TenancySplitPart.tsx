import { Alert, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import type { ExpandedCase } from '../../../lib/api/types';
import { CASE_TYPE } from '../../cases';
import { kindOf, partiesOf } from '../caseKind';
import { useSaveTenancySplit } from '../api/saveTenancySplit';
import { ownersFailureText } from '../components/FormError';
import { SaveStatus } from '../components/SaveStatus';
import { PARTY_TEXTS } from '../ownersTexts';
import { cardSx, h2Sx, SubmitButton } from './ownersControls';

/** Percent to two decimals, as the server takes it; null for anything else. */
export function parseShare(raw: string): number | null {
  const text = raw.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && value < 100 ? value : null;
}

/** The total of the shares typed, in basis points (no floating-point drift). */
export function totalBasisPoints(shares: readonly (number | null)[]): number {
  return shares.reduce<number>((sum, share) => sum + Math.round((share ?? 0) * 100), 0);
}

/**
 * Tenants in common say how they share the property: one percentage per owner (or buyer),
 * adding up to 100. Shown once there are two or more; the server clears the split when one is
 * added or removed, and it is asked again. The same part serves both case types.
 */
export function TenancySplitPart({
  caseId,
  expanded,
  canEdit,
}: {
  caseId: string;
  expanded: ExpandedCase;
  canEdit: boolean;
}) {
  const headingId = useId();
  const kind = kindOf(expanded);
  const T = PARTY_TEXTS[kind];
  const owners = partiesOf(expanded);
  const save = useSaveTenancySplit(caseId);
  const fromServer = () =>
    Object.fromEntries(owners.map((o) => [o.id, o.tenancyShare?.toString() ?? '']));
  const [typed, setTyped] = useState<Record<number, string>>(fromServer);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // When the server's split changes (this save, another owner's, or an owner added or removed,
  // which clears it), the fields show it.
  const serverSplit = owners.map((o) => `${o.id}:${o.tenancyShare ?? ''}`).join(',');
  const [lastSplit, setLastSplit] = useState(serverSplit);
  if (serverSplit !== lastSplit) {
    setLastSplit(serverSplit);
    setTyped(fromServer());
  }
  if (expanded.property.landOwnership !== 'TENANTS_IN_COMMON' || owners.length < 2) return null;

  const shares = owners.map((o) => parseShare(typed[o.id] ?? ''));
  const total = totalBasisPoints(shares);

  const onSave = async () => {
    setSaved(false);
    if (shares.some((s) => s === null)) {
      setProblem(T.shareInvalid);
      return;
    }
    if (total !== 10_000) {
      setProblem(T.sharesNotWhole);
      return;
    }
    setProblem(null);
    try {
      await save.mutateAsync({
        caseType: CASE_TYPE[kind],
        caseId: Number(caseId),
        shares: owners.map((o, i) => ({ applicantId: o.id, percentage: shares[i] as number })),
      });
      setSaved(true);
    } catch (error) {
      setProblem(ownersFailureText(error));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      aria-labelledby={headingId}
      spacing={2}
      sx={cardSx}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.sharesHeading}
      </Typography>
      <Typography>{T.sharesIntro}</Typography>
      {owners.map((o) => (
        <TextField
          key={o.id}
          label={T.shareLabel(o.user.preferredName)}
          value={typed[o.id] ?? ''}
          onChange={(e) => {
            setSaved(false);
            setTyped({ ...typed, [o.id]: e.target.value });
          }}
          disabled={!canEdit || save.isPending}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
          }}
          sx={{ maxWidth: 280 }}
        />
      ))}
      <Typography data-testid="shares-total">{T.sharesTotal((total / 100).toString())}</Typography>
      {problem && <Alert severity="error">{problem}</Alert>}
      {canEdit && <SubmitButton busy={save.isPending} label={T.saveShares} />}
      <SaveStatus saving={save.isPending} saved={saved} savedText={T.sharesSaved} />
    </Stack>
  );
}
