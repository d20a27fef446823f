import { createQueryKeys } from '@/lib/query-keys';

/** The client's tickets: the list and each conversation; sending anything invalidates `all`. */
export const ticketsKeys = createQueryKeys('tickets');
/** Attachment bytes (Blobs): never stale, not refetched when a conversation changes. */
export const ticketFilesKeys = createQueryKeys('ticket-files');
