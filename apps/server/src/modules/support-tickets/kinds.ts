/** The job that mails the partner's owner how its ticket ended. */
export const TICKET_CLOSED_MAIL_JOB = 'mail.ticket-closed';
