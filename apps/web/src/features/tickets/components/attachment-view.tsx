import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '@zaymo/contract';
import { showErrorNotice } from '@/lib/error-notice';
import { fetchAttachment } from '../api/tickets';
import { ticketFilesKeys } from '../api/keys';
import { saveBlob, useObjectUrl } from '../lib/blob-url';
import { formatSize } from '../lib/format';

const attachmentKey = (id: number) => ticketFilesKeys.detail(id);

/** An image as a thumbnail that opens full size; a PDF as a button that downloads it. */
export function AttachmentView({ attachment }: { attachment: TicketAttachment }) {
  return attachment.content_type === 'application/pdf' ? (
    <PdfAttachment attachment={attachment} />
  ) : (
    <ImageAttachment attachment={attachment} />
  );
}

/** The file comes with the bearer token: an <img src> to the API could not send it. */
function ImageAttachment({ attachment }: { attachment: TicketAttachment }) {
  const { t } = useTranslation('tickets');
  const blob = useQuery({
    queryKey: attachmentKey(attachment.id),
    queryFn: ({ signal }) => fetchAttachment(attachment.link, attachment.content_type, signal),
    staleTime: Infinity,
  });
  const url = useObjectUrl(blob.data);
  if (blob.isError) {
    return (
      <span className="ticket-file ticket-file--failed">
        {t('attachments.loadFailed', { name: attachment.name })}
      </span>
    );
  }
  if (!url) return <span className="ticket-file ticket-file--loading" aria-hidden="true" />;
  return (
    <a
      className="ticket-file ticket-file--image"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('attachments.open', { name: attachment.name })}
    >
      <img className="ticket-file__thumb" src={url} alt={attachment.name} />
    </a>
  );
}

function PdfAttachment({ attachment }: { attachment: TicketAttachment }) {
  const { t } = useTranslation('tickets');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await queryClient.fetchQuery({
        queryKey: attachmentKey(attachment.id),
        queryFn: () => fetchAttachment(attachment.link, attachment.content_type),
        staleTime: Infinity,
      });
      saveBlob(blob, attachment.name);
    } catch (error) {
      showErrorNotice(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="ticket-file ticket-file--pdf"
      // The name holds all the visible text (name and size) after «Скачать»: voice control
      // users say what they see.
      aria-label={t('attachments.download', {
        name: attachment.name,
        size: formatSize(attachment.size),
      })}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void download()}
    >
      {/* «PDF» is drawn by CSS: as text it would be visible text missing from the name. */}
      <span className="ticket-file__icon" aria-hidden="true" />
      <span className="ticket-file__name">{attachment.name}</span>{' '}
      <span className="ticket-file__size">{formatSize(attachment.size)}</span>
    </button>
  );
}
