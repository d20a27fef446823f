import { api } from './api-client';
import { errorText } from './error-text';

const URL_LIFETIME_MS = 60_000;

/**
 * Opens a file the server gives only with the staff token (a PDF, a photo) in a new tab. The tab
 * opens at the click itself (one opened after an await is blocked as a popup), then gets the
 * file's Blob URL. Returns the error text when it failed.
 */
export async function openFile(link: string): Promise<string | null> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.getBlob(link);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    window.setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
    return null;
  } catch (error) {
    tab?.close();
    return errorText(error);
  }
}

/**
 * Saves a file the server gives only with the staff token (the audit CSV) under the name the
 * server gave it (`fallbackName` when it gave none).
 */
export async function downloadFile(link: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await api.getNamedBlob(link);
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName ?? fallbackName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
