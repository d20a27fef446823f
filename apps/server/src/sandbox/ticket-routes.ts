import type { RoutePlugin } from '../http/route-plugin';
import { answerTicket } from '../services/tickets';
import { route } from '../http/route';

/**
 * POST /api/dev/tickets/{id}/reply — the sandbox twin of `npm run crm:reply`: testers and browser
 * tests answer a ticket as an operator while the server holds the embedded database.
 */
export const devTicketRoutes: RoutePlugin = async (app, { ctx }) => {
  route(app, 'POST /dev/tickets/:id/reply', async (request) => {
    const { text, operator, close } = request.body;
    const ticket = await answerTicket(ctx, {
      ticketId: request.params.id,
      text,
      operatorName: operator,
      close,
    });
    return { data: { ticket } };
  });
};
