import { createQueryClient } from '@zaymo/web-kit';

/** The one client of the app: sign-out clears it so no cached data outlives the session. */
export const queryClient = createQueryClient();
