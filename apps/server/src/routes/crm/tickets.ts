import { currentStaff } from '../../http/auth';
import type { RoutePlugin } from '../../http/route-plugin';
import { sendFile } from '../../http/send-file';
import { auditStaffAction } from '../../http/staff-audit';
import {
  readTicketForm,
  refuseOversizedForm,
  registerTicketMultipart,
} from '../../http/ticket-form';
import {
  crmAttachmentDownload,
  crmTicketDetail,
  inboxTicket,
  presentCrmMessage,
  ticketsInbox,
} from '../../services/crm/tickets';
import { answerTicketWithFiles, closeTicket } from '../../services/tickets';
import { route } from '../../http/route';

/** The console's tickets inbox: list, conversation, answer, close. */
export const crmTicketsRoutes: RoutePlugin = async (app, { ctx }) => {
  await registerTicketMultipart(app);

  route(app, 'GET /crm/tickets', async (request) => ({
    data: await ticketsInbox(ctx, request.query),
  }));

  route(app, 'GET /crm/tickets/:id', async (request) => ({
    data: { ticket: await crmTicketDetail(ctx, request.params.id) },
  }));

  route(
    app,
    'POST /crm/tickets/:id/messages',
    async (request) => {
      const { staff } = currentStaff(request);
      const answer = await answerTicketWithFiles(
        ctx,
        { ticketId: request.params.id, operatorName: staff.name },
        () => readTicketForm(app, request),
      );
      await auditStaffAction(ctx, request, {
        action: 'ticket_answered',
        clientId: answer.ticket.clientId,
        details: {
          ticket_id: String(answer.ticket.id),
          operator: staff.name,
          attachments: String(answer.attachments.length),
        },
      });
      return {
        data: {
          message: presentCrmMessage(answer.message, answer.attachments),
          ticket: await inboxTicket(ctx, answer.ticket),
        },
      };
    },
    { onRequest: refuseOversizedForm },
  );

  route(app, 'POST /crm/tickets/:id/close', async (request) => {
    const { ticket, closed } = await closeTicket(ctx, request.params.id);
    if (closed) {
      await auditStaffAction(ctx, request, {
        action: 'ticket_closed',
        clientId: ticket.clientId,
        details: { ticket_id: String(ticket.id) },
      });
    }
    return { data: { ticket: await inboxTicket(ctx, ticket) } };
  });

  route(app, 'GET /crm/tickets/:id/attachments/:attachmentId', async (request, reply) => {
    const { id, attachmentId } = request.params;
    const file = await crmAttachmentDownload(ctx, id, attachmentId);
    return sendFile(reply, { ...file, untrusted: true });
  });
};
