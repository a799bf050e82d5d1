import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button } from '@mui/material';
import type { ChangeEvent } from 'react';
import { UploadParts, useFileUpload } from '../../application';
import { CASE_TYPE, type CaseKind } from '../../cases';
import { reportIfSecondFactorRequired } from '../secondFactor';
import { uploadTexts } from '../documentTexts';

/**
 * One file the firm adds to the case (POST /document): a task's evidence, or the firm's own
 * PDF of a document it issues, which the server keeps as a draft (what the rule book says the
 * type becomes). Every query is read again after it, the case with it (lib/queryClient).
 */
export function FirmUploadButton({
  kind,
  caseId,
  documentType,
  text,
  uploadingText,
  variant,
  accept,
  disabled = false,
  onStored,
}: {
  kind: CaseKind;
  caseId: string;
  documentType: string;
  /** The button, and the file input's name. */
  text: string;
  /** The progress bar's name while the file goes up. */
  uploadingText: string;
  variant: 'text' | 'contained';
  /** The picker's filter; unset: every kind the server accepts as evidence. */
  accept?: string;
  disabled?: boolean;
  onStored?: () => void;
}) {
  const upload = useFileUpload();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const stored = await upload.uploadChosen(
      event,
      (file) => ({ caseType: CASE_TYPE[kind], caseId: Number(caseId), documentType, file }),
      reportIfSecondFactorRequired,
    );
    if (stored) onStored?.();
  };
  return (
    <Box>
      <Button
        variant={variant}
        startIcon={<UploadFile aria-hidden="true" />}
        loading={upload.uploading}
        loadingPosition="start"
        disabled={disabled || upload.uploading}
        onClick={() => upload.inputRef.current?.click()}
      >
        {text}
      </Button>
      <UploadParts
        upload={upload}
        accept={accept}
        inputLabel={text}
        progressLabel={uploadingText}
        progressText={uploadTexts.progress}
        onFile={(event) => void onFile(event)}
      />
    </Box>
  );
}
