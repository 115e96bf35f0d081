import {
  AdminTicketResponse,
  AdminTicketsResponse,
  ProjectTicketsResponse,
  RaiseTicketResponse,
  SetAssistantFieldResponse,
  TicketActionResponse,
  TemplateListResponse,
  type AdminTicketsRequest,
  type MarkTicketRequest,
  type RaiseTicketRequest,
  type TicketTemplateStatus,
} from '@pc/contract';
import { api } from '../../api/client';

const enc = encodeURIComponent;

// ---- The partner's ----

export const fetchProjectTickets = (assistantId: string, skip: number, rowsPerPage: number) =>
  api.get(
    `/api/support-tickets?assistantId=${enc(assistantId)}&skip=${skip}&rowsPerPage=${rowsPerPage}`,
    ProjectTicketsResponse,
  );

export const raiseTicket = (body: RaiseTicketRequest) => api.post('/api/support-tickets', body, RaiseTicketResponse);

/** The project's latest templates, for the template a TEMPLATE_STATUS ticket is about. */
export const fetchTicketTemplates = (assistantId: string) =>
  api.post('/api/template-lists?sort=dec', { skip: 0, rowsPerPage: 100, assistantId }, TemplateListResponse);

// ---- The super-admin's ----

export const fetchAdminTickets = (body: AdminTicketsRequest) =>
  api.post('/superadmin/support-tickets', body, AdminTicketsResponse);

export const fetchAdminTicket = (id: string) => api.get(`/superadmin/support-tickets/${enc(id)}`, AdminTicketResponse);

export const markTicket = (id: string, body: MarkTicketRequest) =>
  api.post(`/superadmin/support-tickets/${enc(id)}/mark`, body, TicketActionResponse);

export const updateTemplateStatus = (id: string, status: TicketTemplateStatus) =>
  api.post(`/superadmin/support-tickets/${enc(id)}/template-status`, { status }, TicketActionResponse);

/** Fulfils a DAILY_TEMPLATE_LIMIT ticket: the limit written and the ticket resolved in one call. */
export const fulfilDailyLimit = (ticketId: string, assistantId: string, dailyTemplateLimit: number) =>
  api.post(
    '/superadmin/set-assistant-field',
    { assistantId, fields: ['dailyTemplateLimit'], dailyTemplateLimit, ticketId },
    SetAssistantFieldResponse,
  );
