import { openPdf } from '@/lib/open-pdf';
import { documentRequestPath } from './documents';

/** Opens one of the loan's documents as a PDF in a new tab. */
export function openDocument(link: string, failedText: string): Promise<void> {
  return openPdf(documentRequestPath(link), failedText);
}
