import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { ChangeEvent } from 'react';
import { documentTypeLabel } from '../../../lib/labels';
import { UploadParts, useFileUpload } from '../../application';
import { CASE_TYPE, type CaseKind } from '../../cases';
import { reportIfSecondFactorRequired } from '../secondFactor';
import { documentTexts, uploadTexts } from '../texts';

/**
 * 'Upload our own …': the firm's own PDF of a document it issues (its own report on title, its
 * own client care letter), in place of the drafted one. The server keeps it as a draft, shown
 * with the others and issued the same way (POST /document with the type the firm drafts).
 */
export function OwnDraftUpload({
  kind,
  caseId,
  documentType,
  disabled,
}: {
  kind: CaseKind;
  caseId: string;
  documentType: string;
  disabled: boolean;
}) {
  const upload = useFileUpload();
  const { enqueueSnackbar } = useSnackbar();
  const label = documentTypeLabel(documentType);
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const stored = await upload.uploadChosen(
      event,
      (file) => ({ caseType: CASE_TYPE[kind], caseId: Number(caseId), documentType, file }),
      reportIfSecondFactorRequired,
    );
    if (stored) enqueueSnackbar(documentTexts.ownDraftToast(label), { variant: 'success' });
  };
  return (
    <Box>
      <Button
        variant="text"
        startIcon={<UploadFile aria-hidden="true" />}
        loading={upload.uploading}
        loadingPosition="start"
        disabled={disabled || upload.uploading}
        onClick={() => upload.inputRef.current?.click()}
      >
        {documentTexts.ownDraftButton(label)}
      </Button>
      <UploadParts
        upload={upload}
        accept="application/pdf"
        inputLabel={documentTexts.ownDraftButton(label)}
        progressLabel={documentTexts.ownDraftUploading(label)}
        progressText={uploadTexts.progress}
        onFile={(event) => void onFile(event)}
      />
    </Box>
  );
}
