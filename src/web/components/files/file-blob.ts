import { api } from '../../lib/api';

/** A stored file's bytes, fetched with the bearer (the download path is authenticated). */
export const fetchFileBlob = (
  url: string,
  { download = false, signal }: { download?: boolean; signal?: AbortSignal } = {},
) => api.getBlob(url, { ...(download ? { query: { download: 1 } } : {}), ...(signal ? { signal } : {}) });

/** Saves a blob under its name through an `<a download>`; the object URL is released afterwards. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export async function downloadFile(file: { url: string; name: string }): Promise<void> {
  saveBlob(await fetchFileBlob(file.url, { download: true }), file.name);
}

export type PreviewKind = 'image' | 'pdf' | 'none';

/** Browsers show PDFs and common images inline; HEIC and the rest are download-only. */
export function previewKind(contentType: string): PreviewKind {
  if (contentType === 'application/pdf') return 'pdf';
  if (['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(contentType)) return 'image';
  return 'none';
}
