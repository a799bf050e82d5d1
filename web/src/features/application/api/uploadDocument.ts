import { useMutation } from '@tanstack/react-query';
import { sharedRefresh } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import type { CaseType, UploadedDocument } from '../../../lib/api/types';
import { runtimeConfig } from '../../../lib/config';

/** Spec §5 and §9: the largest file accepted (the server refuses one byte more with 413). */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024;

/** What the server reads from the bytes (PDF, JPEG, PNG, HEIC); the picker offers the same. */
export const ACCEPTED_FILES =
  '.pdf,.jpg,.jpeg,.png,.heic,application/pdf,image/jpeg,image/png,image/heic';

export interface UploadInput {
  caseType: CaseType;
  caseId: number;
  documentType: string;
  /** The required-document slot the upload fills. */
  requiredDocumentId?: number;
  file: File;
}

/** 0..1 as the bytes go up. */
export type OnProgress = (fraction: number) => void;

/**
 * The multipart form in the order the server reads it: caseType, caseId, documentType,
 * requiredDocumentId, then the file, so the case and slot are checked before a byte is stored.
 */
export function uploadForm(input: UploadInput): FormData {
  const form = new FormData();
  form.append('caseType', input.caseType);
  form.append('caseId', String(input.caseId));
  form.append('documentType', input.documentType);
  if (input.requiredDocumentId !== undefined) {
    form.append('requiredDocumentId', String(input.requiredDocumentId));
  }
  form.append('file', input.file, input.file.name);
  return form;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

interface Answer {
  status: number;
  body: unknown;
}

/**
 * fetch cannot report upload progress, so the upload goes by XMLHttpRequest (same cookies and
 * Origin as the API client's requests).
 */
function send(form: FormData, onProgress?: OnProgress, signal?: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${runtimeConfig().apiBaseUrl}/document`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, body: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /document (multipart) → 201 with the stored document. As with every API call, a 401 or
 * 403 asks for one shared session refresh and the upload is tried once more.
 */
export async function uploadDocument(
  input: UploadInput,
  onProgress?: OnProgress,
  signal?: AbortSignal,
): Promise<UploadedDocument> {
  const form = uploadForm(input);
  let answer = await send(form, onProgress, signal);
  if ((answer.status === 401 || answer.status === 403) && (await sharedRefresh())) {
    onProgress?.(0);
    answer = await send(form, onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body as UploadedDocument;
}

export function useUploadDocument() {
  return useMutation({
    mutationKey: ['application', 'documents', 'upload'],
    mutationFn: ({ input, onProgress }: { input: UploadInput; onProgress?: OnProgress }) =>
      uploadDocument(input, onProgress),
  });
}
