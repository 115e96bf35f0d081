import {
  OPEN_TICKETS_PER_PROJECT,
  ticketKindLabels,
  ticketMessages,
  type ProjectTicketsQuery,
  type ProjectTicketsResponse,
  type RaiseTicketRequest,
  type TicketRequestDetails,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { templateForTicket } from '../templates/staff-status.js';
import { findPartnerProject, lockPartnerProject } from './project-queries.js';
import { countOpenTickets, insertTicket, projectTicketsPage } from './queries.js';
import { toSupportTicket } from './view.js';

const projectNotFound = () => notFound('Project not found.');

/** What the ticket asks for, checked against the project: a template must be the project's own, sent to Meta, and not already so. */
const requestOf = async (tx: Tx, partnerId: string, projectId: string, body: RaiseTicketRequest) => {
  switch (body.kind) {
    case 'DAILY_TEMPLATE_LIMIT':
      return { dailyTemplateLimit: body.dailyTemplateLimit } satisfies TicketRequestDetails;
    case 'TEMPLATE_STATUS': {
      const template = await templateForTicket(tx, partnerId, projectId, body.templateId);
      if (!template) throw notFound('Template not found.');
      if (template.status === 'DRAFT') throw badRequest(ticketMessages.templateDraft, { templateId: 'draft' });
      if (template.status === body.templateStatus)
        throw badRequest(ticketMessages.templateAlready(template.status), { templateStatus: 'unchanged' });
      return {
        templateId: template.id,
        templateName: template.name,
        templateLanguage: template.language,
        templateStatus: body.templateStatus,
      } satisfies TicketRequestDetails;
    }
    case 'OTHER':
      return {};
  }
};

/**
 * A partner member raises a ticket about one of the partner's projects (not one it deleted). The
 * project's row is locked while its open tickets are counted and the new one added, so a burst of
 * raises never gets past OPEN_TICKETS_PER_PROJECT.
 */
export const raiseTicket = async (deps: Deps, viewer: AgentViewer, body: RaiseTicketRequest) => {
  const ticket = await retriedTransaction(deps.db, async (tx) => {
    const project = await lockPartnerProject(tx, viewer.partnerId, body.assistantId);
    if (!project || project.partnerArchived) throw projectNotFound();
    const request = await requestOf(tx, viewer.partnerId, project.id, body);
    if ((await countOpenTickets(tx, viewer.partnerId, project.id)) >= OPEN_TICKETS_PER_PROJECT)
      throw badRequest(ticketMessages.tooManyOpen);
    const now = deps.now();
    const ticket = await insertTicket(tx, {
      id: newId(),
      partnerId: viewer.partnerId,
      projectId: project.id,
      kind: body.kind,
      description: body.description,
      request,
      status: 'PENDING',
      raisedById: viewer.agentId,
      raisedByName: viewer.name,
      createdAt: now,
      updatedAt: now,
    });
    await recordPartnerChange(tx, viewer, {
      action: 'ticket.raise',
      target: { kind: 'ticket', id: ticket.id, name: `${ticketKindLabels[body.kind]}: ${project.name}` },
      before: null,
      after: { projectId: project.id, kind: body.kind, request, description: ticket.description },
    });
    return ticket;
  });
  return { message: ticketMessages.raised, ticket: toSupportTicket(ticket) };
};

/** The project's tickets, newest first; a deleted project's stay readable, as its other history does. */
export const projectTickets = async (
  deps: Deps,
  viewer: AgentViewer,
  query: ProjectTicketsQuery,
): Promise<ProjectTicketsResponse> => {
  const project = await findPartnerProject(deps.db, viewer.partnerId, query.assistantId);
  if (!project) throw projectNotFound();
  const [page, open] = await Promise.all([
    projectTicketsPage(deps.db, viewer.partnerId, project.id, query.skip, query.rowsPerPage),
    countOpenTickets(deps.db, viewer.partnerId, project.id),
  ]);
  return { tickets: page.rows.map(toSupportTicket), totalTickets: page.total, openTickets: open };
};
