import { refreshingFetch } from '../../lib/api/client';
import { runtimeConfig } from '../../lib/config';

/** Where a document is downloaded (GET /document/{documentId}; the session cookie goes along). */
export function documentUrl(documentId: number): string {
  return `${runtimeConfig().apiBaseUrl}/document/${documentId}`;
}

/** Starts the browser's download of a document, as a click on an `<a download>` would. */
export function startDownload(documentId: number, fileName?: string): void {
  const a = document.createElement('a');
  a.href = documentUrl(documentId);
  a.download = fileName ?? '';
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Downloads a document once the session is known to be alive: a plain link to a lapsed session
 * would show the API's 401 body. The HEAD request goes through the API client's refresh (one
 * shared refresh, then the request again); false when the document still cannot be had.
 */
export async function downloadWithSession(documentId: number, fileName?: string): Promise<boolean> {
  const check = await refreshingFetch(
    new Request(new URL(documentUrl(documentId), window.location.href), {
      method: 'HEAD',
      credentials: 'same-origin',
    }),
  );
  if (!check.ok) return false;
  startDownload(documentId, fileName);
  return true;
}
