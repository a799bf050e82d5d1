import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { ChangeEvent } from 'react';
import { ACCEPTED_FILES } from '../api/uploadDocument';
import { DOCUMENTS_TEXTS } from '../documentsTexts';
import type { useFileUpload } from './useFileUpload';

/**
 * What every upload button of the app has under it: the hidden file input the button opens,
 * the progress while the file goes up (announced to screen readers), and why it failed. The
 * button itself is the caller's (its words and look differ).
 */
export function UploadParts({
  upload,
  inputLabel,
  progressLabel,
  onFile,
  accept = ACCEPTED_FILES,
  capture,
  progressText = (percent) => `${DOCUMENTS_TEXTS.uploading} ${percent}%`,
}: {
  upload: Pick<ReturnType<typeof useFileUpload>, 'inputRef' | 'uploading' | 'percent' | 'problem'>;
  /** The input's accessible name (what tests and assistive technology choose files by). */
  inputLabel: string;
  progressLabel: string;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
  accept?: string;
  capture?: 'user' | 'environment';
  progressText?: (percent: number) => string;
}) {
  const { inputRef, uploading, percent, problem } = upload;
  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        capture={capture}
        aria-label={inputLabel}
        tabIndex={-1}
        style={{ display: 'none' }}
        onChange={onFile}
      />
      {uploading && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2">{progressText(percent)}</Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={progressLabel} />
        </Box>
      )}
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
    </>
  );
}
