import { api } from '@/lib/api-client';
import { errorMessageOf, showErrorNotice } from '@/lib/error-notice';
import { notify } from '@/stores/notifications';

const URL_LIFETIME_MS = 60_000;

/**
 * Opens a document as a PDF in a new tab. It needs our bearer token, so the PDF comes through
 * `api.getBinary` as a Blob URL. The tab opens at the click itself (one opened after an await
 * is taken for a popup and blocked) and is then sent to the PDF.
 */
export async function openPdf(link: string, failedText: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const pdf = await api.getBinary(link);
    const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    window.setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    if (errorMessageOf(error) === undefined) notify({ message: failedText, type: 'error' });
    else showErrorNotice(error);
  }
}
