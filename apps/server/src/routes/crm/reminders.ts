import type { RoutePlugin } from '../../http/route-plugin';
import { route } from '../../http/route';
import { remindersOfClient, remindersOfLoan } from '../../services/notifications/reminder-log';

/** The automatic messages' log: for a loan in «Просрочка» and for a client's card. */
export const crmRemindersRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'GET /crm/collections/:orderId/reminders', async (request) => ({
    data: { reminders: await remindersOfLoan(ctx, request.params.orderId) },
  }));

  route(app, 'GET /crm/clients/:id/reminders', async (request) => ({
    data: { reminders: await remindersOfClient(ctx, request.params.id) },
  }));
};
