import {
  assistantFieldNames,
  assistantFieldTexts,
  formatCount,
  ticketMessages,
  type AssistantFieldName,
  type SetAssistantFieldRequest,
  type SetAssistantFieldResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/open.js';
import { retriedTransaction } from '../../platform/db/retry.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { jobsSignal } from '../../platform/jobs/signal.js';
import { recordAudit } from '../audit/record.js';
import { getAdminTicket } from './admin-list.js';
import { assertMove, closeTicket, lockTicketOrFail } from './moves.js';
import { lockAnyProject, updateProjectFields, type ProjectFields, type TicketProject } from './project-queries.js';
import type { TicketRow } from './queries.js';

const fieldLabels: Record<AssistantFieldName, string> = {
  dailyTemplateLimit: 'Daily template limit',
  maxAgents: 'Agents limit',
  macQuota: 'Monthly conversation quota',
};

/**
 * The values named in `fields`; a named one without its value, or a value sent but not named (it
 * would be left unwritten under 'Successfully Updated'), is a 400 before anything is read or written.
 */
const valuesOf = (body: SetAssistantFieldRequest): ProjectFields => {
  const unnamed = assistantFieldNames.find((field) => body[field] !== undefined && !body.fields.includes(field));
  if (unnamed) throw badRequest(assistantFieldTexts.notNamed(unnamed), { [unnamed]: 'not named in fields' });
  const values: ProjectFields = {};
  for (const field of body.fields) {
    const value = body[field];
    if (value === undefined) throw badRequest(ticketMessages.fieldMissing(field), { [field]: 'missing' });
    values[field] = value;
  }
  return values;
};

const pick = (project: TicketProject, values: ProjectFields) =>
  Object.fromEntries(Object.keys(values).map((k) => [k, project[k as AssistantFieldName]]));

/** The ticket this call fulfils: the project's own, in progress, and asking for a field (not a template's status). */
const ticketToFulfil = async (tx: Tx, ticketId: string, projectId: string, values: ProjectFields) => {
  const ticket = await lockTicketOrFail(tx, ticketId);
  if (ticket.projectId !== projectId) throw badRequest(ticketMessages.otherProject, { ticketId: 'other project' });
  assertMove(ticket, 'RESOLVED');
  if (ticket.kind === 'TEMPLATE_STATUS') throw badRequest(ticketMessages.notAFieldsTicket);
  if (ticket.kind === 'DAILY_TEMPLATE_LIMIT' && values.dailyTemplateLimit === undefined)
    throw badRequest(ticketMessages.limitFieldMissing, { fields: 'dailyTemplateLimit' });
  return ticket;
};

const resolutionOf = (values: ProjectFields) =>
  `${Object.entries(values)
    .map(([k, v]) => `${fieldLabels[k as AssistantFieldName]} set to ${formatCount(v)}`)
    .join('; ')}.`;

/**
 * POST /superadmin/set-assistant-field: writes the named staff fields of any partner's project.
 * With `ticketId` it fulfils that ticket: the fields, the ticket resolved, one audit row
 * (`ticket.fulfil`) and the owner's mail commit together; without, the audit row is `project.fields`.
 * Lock order: the project, then the ticket, as a raise takes them (the project, then its new ticket).
 */
export const setAssistantField = async (
  deps: Deps,
  admin: AdminViewer,
  body: SetAssistantFieldRequest,
): Promise<SetAssistantFieldResponse> => {
  const values = valuesOf(body);
  const { project, ticket } = await retriedTransaction(deps.db, async (tx) => {
    const locked = await lockAnyProject(tx, body.assistantId);
    if (!locked) throw notFound('Project not found.');
    const ticket: TicketRow | null = body.ticketId ? await ticketToFulfil(tx, body.ticketId, locked.id, values) : null;
    const before = pick(locked, values);
    await updateProjectFields(tx, locked, values);
    const target = { partnerId: locked.partnerId };
    if (ticket) {
      const resolution = resolutionOf(values);
      await closeTicket(tx, ticket, admin, { status: 'RESOLVED', resolution }, deps.now());
      await recordAudit(tx, admin, {
        action: 'ticket.fulfil',
        targetKind: 'ticket',
        targetId: ticket.id,
        ...target,
        before: { status: ticket.status, assistantId: locked.id, ...before },
        after: { status: 'RESOLVED', assistantId: locked.id, ...values, resolution },
      });
    } else
      await recordAudit(tx, admin, {
        action: 'project.fields',
        targetKind: 'project',
        targetId: locked.id,
        ...target,
        before,
        after: { ...values },
      });
    return { project: { ...locked, ...values }, ticket };
  });
  if (ticket) jobsSignal.kick();
  return {
    message: ticketMessages.updated,
    project: {
      assistantId: project.id,
      dailyTemplateLimit: project.dailyTemplateLimit,
      maxAgents: project.maxAgents,
      macQuota: project.macQuota,
    },
    ...(ticket && { ticket: await getAdminTicket(deps, ticket.id) }),
  };
};
