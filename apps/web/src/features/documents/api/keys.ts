import { createQueryKeys } from '@/lib/query-keys';

/** The client's documents: all of them by group, and one loan's. */
export const clientDocumentsKeys = createQueryKeys('client-documents');
