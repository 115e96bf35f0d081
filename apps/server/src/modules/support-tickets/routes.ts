import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminTicketResponse,
  AdminTicketsRequest,
  AdminTicketsResponse,
  MarkTicketRequest,
  ProjectTicketsQuery,
  ProjectTicketsResponse,
  RaiseTicketRequest,
  RaiseTicketResponse,
  SetAssistantFieldRequest,
  SetAssistantFieldResponse,
  TicketActionResponse,
  TicketIdParams,
  TicketTemplateStatusRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf, agentOf } from '../../platform/access/access.js';
import { getAdminTicket, listAdminTickets } from './admin-list.js';
import { markTicket } from './mark.js';
import { setAssistantField } from './project-fields.js';
import { projectTickets, raiseTicket } from './raise.js';
import { updateTicketTemplateStatus } from './template-status.js';

const tags = ['support-tickets'];
const superadmin = { access: 'superadmin' } as const;

/** The support ticket's calls: the partner raises and reads its projects' tickets; the super-admin works them. */
export const supportTicketRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/support-tickets',
      {
        config: { access: 'business.write' },
        schema: { tags, body: RaiseTicketRequest, response: { 200: RaiseTicketResponse } },
      },
      (request) => raiseTicket(deps, agentOf(request), request.body),
    );

    app.get(
      '/api/support-tickets',
      {
        config: { access: 'business.read' },
        schema: { tags, querystring: ProjectTicketsQuery, response: { 200: ProjectTicketsResponse } },
      },
      (request) => projectTickets(deps, agentOf(request), request.query),
    );

    app.post(
      '/superadmin/support-tickets',
      { config: superadmin, schema: { tags, body: AdminTicketsRequest, response: { 200: AdminTicketsResponse } } },
      (request) => listAdminTickets(deps, request.body),
    );

    app.get(
      '/superadmin/support-tickets/:id',
      { config: superadmin, schema: { tags, params: TicketIdParams, response: { 200: AdminTicketResponse } } },
      async (request) => ({ ticket: await getAdminTicket(deps, request.params.id) }),
    );

    app.post(
      '/superadmin/support-tickets/:id/mark',
      {
        config: superadmin,
        schema: { tags, params: TicketIdParams, body: MarkTicketRequest, response: { 200: TicketActionResponse } },
      },
      (request) => markTicket(deps, adminOf(request), request.params.id, request.body),
    );

    app.post(
      '/superadmin/support-tickets/:id/template-status',
      {
        config: superadmin,
        schema: {
          tags,
          params: TicketIdParams,
          body: TicketTemplateStatusRequest,
          response: { 200: TicketActionResponse },
        },
      },
      (request) => updateTicketTemplateStatus(deps, adminOf(request), request.params.id, request.body.status),
    );

    app.post(
      '/superadmin/set-assistant-field',
      {
        config: superadmin,
        schema: { tags, body: SetAssistantFieldRequest, response: { 200: SetAssistantFieldResponse } },
      },
      (request) => setAssistantField(deps, adminOf(request), request.body),
    );
  };
