import {
  devTicketReplyRequestSchema,
  devTicketReplyResponseSchema,
  errorResponses,
  ticketIdParamsSchema,
} from '@zaymo/contract';
import type { RoutePlugin } from '../http/route-plugin';
import { answerTicket } from '../services/tickets';

/**
 * POST /api/dev/tickets/{id}/reply — the sandbox twin of `npm run crm:reply`: testers and browser
 * tests answer a ticket as an operator while the server holds the embedded database.
 */
export const devTicketRoutes: RoutePlugin = async (app, { ctx }) => {
  app.post(
    '/tickets/:id/reply',
    {
      schema: {
        summary: 'Ответ оператора на обращение (как npm run crm:reply)',
        description: 'close: true закрывает обращение, иначе статус «Есть ответ».',
        tags: ['Песочница'],
        params: ticketIdParamsSchema,
        body: devTicketReplyRequestSchema,
        response: { 200: devTicketReplyResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { text, operator, close } = request.body;
      const ticket = await answerTicket(ctx, {
        ticketId: request.params.id,
        text,
        operatorName: operator,
        close,
      });
      return { data: { ticket } };
    },
  );
};
