import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState, type ChangeEvent } from 'react';
import { UploadParts, useFileUpload } from '../../application';
import { documentTypeLabel } from '../../../lib/documentLabels';
import { SEARCH_DOCUMENT_TYPES } from '../../documents';
import { reportIfSecondFactorRequired } from '../secondFactor';
import { uploadTexts } from '../documentTexts';
import { STAFF_TEXTS } from '../texts';
import { Panel } from './Panel';

/** What the firm adds to a purchase from outside it: the contract pack's TA6, the searches. */
export const FIRM_UPLOAD_TYPES: readonly string[] = ['TA6', ...SEARCH_DOCUMENT_TYPES, 'OTHER'];

/**
 * 'Add a document': the firm uploads a file to the case through the customers' own upload
 * (multipart POST /document: caseType, caseId, documentType, file; a staff session that has
 * proved its second factor may). It then shows under 'Uploaded documents', where the customers
 * see it too; a search is recorded as a result or summary under 'Searches'.
 */
export function UploadPanel({ caseId }: { caseId: string }) {
  const upload = useFileUpload();
  const { inputRef, uploadChosen, uploading } = upload;
  const { enqueueSnackbar } = useSnackbar();
  const hintId = useId();
  const [documentType, setDocumentType] = useState(FIRM_UPLOAD_TYPES[0]);
  const label = documentTypeLabel(documentType);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const stored = await uploadChosen(
      event,
      (file) => ({ caseType: 'BUYING', caseId: Number(caseId), documentType, file }),
      reportIfSecondFactorRequired,
    );
    if (stored) enqueueSnackbar(uploadTexts.uploadedToast(label), { variant: 'success' });
  };

  return (
    <Panel title={STAFF_TEXTS.addDocument}>
      <Stack spacing={2}>
        <Typography id={hintId} variant="body2" color="text.secondary">
          {STAFF_TEXTS.addDocumentIntro}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            label={STAFF_TEXTS.documentType}
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value)}
            disabled={uploading}
            sx={{ minWidth: { sm: 320 } }}
          >
            {FIRM_UPLOAD_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {documentTypeLabel(type)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button
              variant="contained"
              startIcon={<UploadFile aria-hidden="true" />}
              aria-describedby={hintId}
              loading={uploading}
              loadingPosition="start"
              disabled={uploading}
              onClick={() => inputRef.current?.click()}
            >
              {STAFF_TEXTS.chooseFile}
            </Button>
          </Box>
        </Stack>
        <UploadParts
          upload={upload}
          inputLabel={`${STAFF_TEXTS.chooseFile}: ${label}`}
          progressLabel={`${STAFF_TEXTS.uploading} ${label}`}
          progressText={uploadTexts.progress}
          onFile={(event) => void onFile(event)}
        />
      </Stack>
    </Panel>
  );
}
