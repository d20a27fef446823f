export type { TicketUpload, UploadedFile } from './attachments';
export { attachmentDownload, attachmentFile, type AttachmentDownload } from './downloads';
export {
  answerTicket,
  answerTicketWithFiles,
  closeTicket,
  type ConsoleAnswer,
  createTicket,
  listTickets,
  openTicket,
  replyToTicket,
  type TicketAccessDenied,
  type TicketActor,
} from './tickets';
