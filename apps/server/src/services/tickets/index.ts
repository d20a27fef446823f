export { TOO_MANY_FILES_MESSAGE, type TicketUpload, type UploadedFile } from './attachments';
export {
  ATTACHMENT_NOT_FOUND_MESSAGE,
  attachmentDownload,
  attachmentFile,
  type AttachmentDownload,
} from './downloads';
export {
  answerTicket,
  answerTicketWithFiles,
  closeTicket,
  type ConsoleAnswer,
  createTicket,
  listTickets,
  openTicket,
  replyToTicket,
  TICKET_NOT_FOUND_MESSAGE,
  TOO_MANY_TICKETS_MESSAGE,
  type TicketAccessDenied,
  type TicketActor,
} from './tickets';
