import { useRef, useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../lib/api/errors';
import type { UploadedDocument } from '../../../lib/api/types';
import { MAX_UPLOAD_BYTES, useUploadDocument, type UploadInput } from '../api/uploadDocument';
import { DOCUMENTS_TEXTS } from '../documentsTexts';

/** Why an upload failed, in words the customer can act on. */
export function uploadProblem(error: unknown): string {
  if (isApiError(error, 413)) return DOCUMENTS_TEXTS.tooLarge;
  if (isApiError(error, 415)) return DOCUMENTS_TEXTS.wrongType;
  if (isApiError(error) && (error.status === 409 || error.status === 422)) return error.message;
  return DOCUMENTS_TEXTS.uploadFailed;
}

/**
 * A hidden file input's upload to POST /document, as the application's documents, Verify
 * Identity and the back office's 'Add a document' all do it: the size checked before a byte is
 * sent (the server's 32 MB), the progress as the bytes go up, and what went wrong in words the
 * person can act on (kept until the next try).
 */
export function useFileUpload() {
  const upload = useUploadDocument();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  /**
   * The input's change: uploads the chosen file as `toInput` describes it. Returns the stored
   * document, or null when nothing was chosen or it failed (`problem` then says why; `onError`
   * sees the error first).
   */
  async function uploadChosen(
    event: ChangeEvent<HTMLInputElement>,
    toInput: (file: File) => UploadInput,
    onError?: (error: unknown) => void,
  ): Promise<UploadedDocument | null> {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return null;
    setProblem(null);
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem(DOCUMENTS_TEXTS.tooLarge);
      return null;
    }
    setProgress(0);
    try {
      return await upload.mutateAsync({ input: toInput(file), onProgress: setProgress });
    } catch (error) {
      onError?.(error);
      setProblem(uploadProblem(error));
      return null;
    }
  }

  return {
    inputRef,
    uploadChosen,
    uploading: upload.isPending,
    percent: Math.round(progress * 100),
    problem,
    setProblem,
  };
}
