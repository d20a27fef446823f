import { devBureauResponseSchema } from '@zaymo/contract';
import type { RoutePlugin } from '../../http/route-plugin';
import { SANDBOX_BUREAU_RULES } from './rules';
import { latestAccepted } from './store';

/** GET /api/dev/bureau: the sandbox bureau's rules and what it accepted, for /dev/test. */
export const devBureauRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get(
    '/bureau',
    {
      schema: {
        summary: 'Песочница бюро кредитных историй: правила ответов и принятые события',
        tags: ['Песочница'],
        response: { 200: devBureauResponseSchema },
      },
    },
    async () => ({
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
    }),
  );
};
