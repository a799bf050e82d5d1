import { refreshingFetch } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { documentUrl } from '../download';

/**
 * The types a page may show inline: what the server answers for documents (it reads the type
 * from the file's bytes). HEIC photos are not shown by browsers: they are downloaded.
 */
const SHOWN_INLINE = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** The document is of a type the page cannot show (it can still be downloaded). */
export class NotShownInline extends Error {}

/**
 * GET /document/{documentId} as a blob of its own type, to show inline: the server answers with
 * an attachment, which a frame would download instead of showing. The session is refreshed once
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
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (!SHOWN_INLINE.has(type)) throw new NotShownInline(type);
  return new Blob([await response.arrayBuffer()], { type });
}
