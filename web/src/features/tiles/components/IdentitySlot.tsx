import CheckCircle from '@mui/icons-material/CheckCircle';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import type { CaseType } from '../../../lib/api/types';
import { UploadParts, useFileUpload } from '../../application';
import { IDENTITY_TEXTS } from '../texts';

interface SlotProps {
  caseType: CaseType;
  caseId: number;
  documentType: string;
  label: string;
  hint: string;
  accept: string;
  /** A selfie is taken now: on a phone the picker offers the front camera. */
  capture?: 'user';
  /** The latest upload of this type and its file name when known. */
  current: { documentId: number; fileName: string | null } | null;
}

/** One upload slot: what to photograph, the current file, and Upload with progress. */
export function IdentitySlot({
  caseType,
  caseId,
  documentType,
  label,
  hint,
  accept,
  capture,
  current,
}: SlotProps) {
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading } = upload;
  const [justUploaded, setJustUploaded] = useState<string | null>(null);
  const hintId = useId();
  const fileName = current?.fileName ?? justUploaded;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    let chosen = '';
    const stored = await uploadChosen(event, (file) => {
      chosen = file.name;
      return { caseType, caseId, documentType, file };
    });
    if (stored) setJustUploaded(stored.fileName || chosen);
  };

  return (
    <Box
      component="li"
      data-document-type={documentType}
      data-uploaded={current !== null}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Stack spacing={1}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography id={hintId} variant="body2">
          {hint}
        </Typography>
        <Typography
          variant="body2"
          data-testid="identity-slot-state"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
          color={current ? 'success.main' : 'text.secondary'}
        >
          {current && <CheckCircle fontSize="small" aria-hidden="true" />}
          {current
            ? fileName
              ? `${IDENTITY_TEXTS.uploaded}: ${fileName}`
              : IDENTITY_TEXTS.uploaded
            : IDENTITY_TEXTS.notUploaded}
        </Typography>
        <Box>
          <Button
            variant={current ? 'outlined' : 'contained'}
            startIcon={
              capture ? <PhotoCamera aria-hidden="true" /> : <UploadFile aria-hidden="true" />
            }
            aria-label={`${current ? IDENTITY_TEXTS.uploadAgain : IDENTITY_TEXTS.upload} ${label}`}
            aria-describedby={hintId}
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
          >
            {current ? IDENTITY_TEXTS.uploadAgain : IDENTITY_TEXTS.upload}
          </Button>
        </Box>
        <UploadParts
          upload={upload}
          accept={accept}
          capture={capture}
          inputLabel={`${IDENTITY_TEXTS.upload} ${label} file`}
          progressLabel={`${IDENTITY_TEXTS.uploading} ${label}`}
          progressText={(percent) => `${IDENTITY_TEXTS.uploading} ${percent}%`}
          onFile={(event) => void onFile(event)}
        />
      </Stack>
    </Box>
  );
}
