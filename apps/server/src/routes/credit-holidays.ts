import { currentSession } from '../http/auth';
import { reportForeignOrder } from '../http/foreign-access';
import type { RoutePlugin } from '../http/route-plugin';
import { readTicketForm, refuseOversizedForm, registerTicketMultipart } from '../http/ticket-form';
import { route } from '../http/route';
import { clientHolidays, requestHoliday } from '../services/credit-holidays/requests';

/** Credit holidays in the cabinet (353-FZ art. 6.1-1, 377-FZ): the request and its fate. */
export const creditHolidaysRoutes: RoutePlugin = async (app, { ctx }) => {
  await registerTicketMultipart(app);

  route(app, 'GET /credit-holidays', async (request) => ({
    data: await clientHolidays(ctx, currentSession(request).clientId),
  }));

  route(
    app,
    'POST /credit-holidays',
    async (request) => {
      const { clientId } = currentSession(request);
      const readForm = () => readTicketForm(app, request);
      const holiday = await requestHoliday(ctx, clientId, readForm, reportForeignOrder(request));
      return { data: { request: holiday } };
    },
    { onRequest: refuseOversizedForm },
  );
};
