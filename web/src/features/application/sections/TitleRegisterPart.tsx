import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState, type ChangeEvent } from 'react';
import type {
  NameExplanation,
  RemortgagingExpanded,
  TitleRegisterName,
} from '../../../lib/api/types';
import { useExplainTitleRegisterName } from '../api/explainTitleRegisterName';
import { RadioGroupField } from '../components/fields';
import { FormError } from '../components/FormError';
import { UploadParts } from '../components/UploadParts';
import { useFileUpload } from '../components/useFileUpload';
import {
  NAME_EXPLANATION_ORDER,
  NAME_EXPLANATIONS,
  TITLE_REGISTER_TEXTS as T,
} from '../titleRegisterTexts';
import { cardSx, h2Sx } from './ownersControls';

const OPTIONS = NAME_EXPLANATION_ORDER.map((value) => ({
  value,
  label: NAME_EXPLANATIONS[value].label,
  explanation: NAME_EXPLANATIONS[value].explanation,
}));

/**
 * The names HM Land Registry has on the title (issue 33), once the firm has recorded them: each
 * is one of the owners, or is explained with its evidence and comes off the list. The server
 * decides both (and refuses submission while a name is neither); `canExplain` is whether this
 * person may change the Owners section now.
 */
export function TitleRegisterPart({
  caseId,
  expanded,
  canExplain,
}: {
  caseId: string;
  expanded: RemortgagingExpanded;
  canExplain: boolean;
}) {
  const headingId = useId();
  const [explaining, setExplaining] = useState<TitleRegisterName | null>(null);
  const names = expanded.titleRegisterNames;
  if (names.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={cardSx}>
      <Typography id={headingId} variant="h2" sx={h2Sx}>
        {T.heading}
      </Typography>
      <Typography>{T.intro}</Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {names.map((name) => (
          <Box
            component="li"
            key={name.id}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
            }}
          >
            <Typography sx={{ fontWeight: 600, flex: '1 1 12rem' }}>{name.fullName}</Typography>
            <Chip
              size="small"
              color={name.isOwner ? 'success' : 'warning'}
              label={name.isOwner ? T.isOwner : T.notOwner}
            />
            {!name.isOwner && canExplain && (
              <Button variant="outlined" onClick={() => setExplaining(name)}>
                {T.explain}
              </Button>
            )}
          </Box>
        ))}
      </Box>
      {explaining && (
        <ExplainDialog caseId={caseId} name={explaining} onClose={() => setExplaining(null)} />
      )}
    </Stack>
  );
}

/**
 * What happened, then the document that proves it: choosing the file uploads it and explains
 * the name in one go (the upload stays with the case's documents if the second call fails).
 */
function ExplainDialog({
  caseId,
  name,
  onClose,
}: {
  caseId: string;
  name: TitleRegisterName;
  onClose: () => void;
}) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const [explanation, setExplanation] = useState<NameExplanation | ''>('');
  const [failure, setFailure] = useState<unknown>(null);
  const upload = useFileUpload();
  const explain = useExplainTitleRegisterName(caseId);
  const busy = upload.uploading || explain.isPending;
  const chosen = explanation === '' ? null : NAME_EXPLANATIONS[explanation];

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    if (explanation === '' || !chosen) return;
    setFailure(null);
    const document = await upload.uploadChosen(event, (file) => ({
      caseType: 'REMORTGAGING',
      caseId: Number(caseId),
      documentType: chosen.documentType,
      file,
    }));
    if (!document) return;
    try {
      await explain.mutateAsync({
        id: name.id,
        explanation,
        evidenceDocumentId: document.documentId,
      });
      enqueueSnackbar(T.explained, { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{T.dialogTitle(name.fullName)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <RadioGroupField
            legend={T.legend}
            options={OPTIONS}
            value={explanation}
            disabled={busy}
            onChange={(value) => setExplanation(value as NameExplanation)}
          />
          <Typography variant="body2" color="text.secondary">
            {T.uploadHint}
          </Typography>
          <UploadParts
            upload={upload}
            inputLabel={T.inputLabel}
            progressLabel={T.progressLabel}
            onFile={(event) => void onFile(event)}
          />
          {failure ? <FormError error={failure} fields={{}} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {T.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={!chosen || busy}
          onClick={() => upload.inputRef.current?.click()}
        >
          {chosen ? T.upload(chosen.evidence) : T.chooseFirst}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
