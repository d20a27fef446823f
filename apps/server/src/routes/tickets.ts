import type { FastifyRequest } from 'fastify';
import { currentSession } from '../http/auth';
import { reportForeignTicket } from '../http/foreign-access';
import type { RoutePlugin } from '../http/route-plugin';
import { sendFile } from '../http/send-file';
import { readTicketForm, refuseOversizedForm, registerTicketMultipart } from '../http/ticket-form';
import {
  attachmentDownload,
  createTicket,
  listTickets,
  openTicket,
  replyToTicket,
  type TicketActor,
} from '../services/tickets';
import { route } from '../http/route';

function actorOf(request: FastifyRequest): TicketActor {
  const { clientId, operatorName } = currentSession(request);
  return { clientId, operatorName };
}

export const ticketsRoutes: RoutePlugin = async (app, { ctx }) => {
  await registerTicketMultipart(app);

  route(app, 'GET /tickets/get', async (request) => ({
    data: await listTickets(ctx.db, currentSession(request).clientId),
  }));

  route(
    app,
    'POST /tickets/auth_create',
    async (request) => {
      const readForm = () => readTicketForm(app, request);
      const ticket = await createTicket(ctx, actorOf(request), readForm, request.log);
      return { data: { ticket } };
    },
    { onRequest: refuseOversizedForm },
  );

  route(app, 'GET /tickets/attachments/:id', async (request, reply) => {
    const { clientId } = currentSession(request);
    const file = await attachmentDownload(
      ctx,
      clientId,
      request.params.id,
      reportForeignTicket(request),
    );
    return sendFile(reply, { ...file, untrusted: true });
  });

  route(app, 'GET /tickets/:id', async (request) => {
    const ticket = await openTicket(
      ctx,
      actorOf(request),
      request.params.id,
      reportForeignTicket(request),
    );
    return { data: { ticket } };
  });

  route(
    app,
    'POST /tickets/:id/messages',
    async (request) => {
      const reply = await replyToTicket(
        ctx,
        actorOf(request),
        request.params.id,
        reportForeignTicket(request),
        () => readTicketForm(app, request),
      );
      return { data: reply };
    },
    { onRequest: refuseOversizedForm },
  );
};
