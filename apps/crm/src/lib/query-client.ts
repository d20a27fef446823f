import { createQueryClient } from '@zaymo/web-kit';

/** The console's one client: signing out clears it, so no client data outlives the session. */
export const queryClient = createQueryClient();
