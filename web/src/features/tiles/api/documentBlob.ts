import { refreshingFetch } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { documentUrl } from '../../documents';

/**
 * GET /document/{documentId} as a PDF blob, to show inline: the server answers with an
 * attachment, which a frame would download instead of showing. The session is refreshed once
 * if it lapsed, as for every API call.
 */
export async function fetchDocumentBlob(documentId: number, signal?: AbortSignal): Promise<Blob> {
  const response = await refreshingFetch(
    new Request(new URL(documentUrl(documentId), window.location.href), {
      method: 'GET',
      credentials: 'same-origin',
      signal,
    }),
  );
  if (!response.ok) throw new ApiError(response.status, null);
  const bytes = await response.arrayBuffer();
  // The issued documents are PDFs; the type makes the browser's viewer show it.
  return new Blob([bytes], { type: 'application/pdf' });
}
