import type { AdminTicketsRequest } from '@pc/contract';

export const ticketKeys = {
  all: ['support-tickets'] as const,
  /** A project's tickets (the partner's), by page. */
  project: (projectId: string) => [...ticketKeys.all, 'project', projectId] as const,
  projectPage: (projectId: string, page: number) => [...ticketKeys.project(projectId), page] as const,
  projectTemplates: (projectId: string) => [...ticketKeys.project(projectId), 'templates'] as const,
  /** The super-admin's lists and tickets. */
  admin: () => [...ticketKeys.all, 'admin'] as const,
  adminPage: (filter: AdminTicketsRequest) => [...ticketKeys.admin(), 'page', filter] as const,
  adminTicket: (id: string) => [...ticketKeys.admin(), 'ticket', id] as const,
};
