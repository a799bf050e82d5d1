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
