import type { RoutePlugin } from '../../http/route-plugin';
import { SANDBOX_BUREAU_RULES } from './rules';
import { latestAccepted } from './store';
import { route } from '../../http/route';

/** GET /api/dev/bureau: the sandbox bureau's rules and what it accepted, for /dev/test. */
export const devBureauRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /dev/bureau', async () => ({
    data: {
      rules: [...SANDBOX_BUREAU_RULES],
      events: (await latestAccepted(ctx.db)).map((row) => ({
        event_id: row.eventId,
        code: row.code,
        deal_uid: row.dealUid,
        surname: row.surname,
        figure: row.figure,
        received_at: row.receivedAt.toISOString(),
        times_received: row.timesReceived,
      })),
    },
  }));
};
