import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePartnerAgentRequest,
  DisablePartnerAgentRequest,
  FetchPartnerAgentsRequest,
  FetchPartnerAgentsResponse,
  MessageBody,
  ModifyPartnerAgentRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { createPartnerAgent, disablePartnerAgent, fetchPartnerAgents, modifyPartnerAgent } from './team.js';

const tags = ['team'];

// Team is the owner's page (spec doc 1 sections 2 and 6). A partnerId in the body is ignored:
// the partner comes from the session. The body is optional (a POST without one arrives as null).
export const teamRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/fetch-partner-agents',
      {
        config: { access: 'owner' },
        schema: { tags, body: FetchPartnerAgentsRequest.nullish(), response: { 200: FetchPartnerAgentsResponse } },
      },
      (request) => fetchPartnerAgents(deps, agentOf(request).partnerId),
    );

    app.post(
      '/api/create-partner-agent',
      {
        config: { access: 'owner' },
        schema: { tags, body: CreatePartnerAgentRequest, response: { 200: MessageBody } },
      },
      (request) => createPartnerAgent(deps, agentOf(request), request.body),
    );

    app.post(
      '/api/disable-partner-agent',
      {
        config: { access: 'owner' },
        schema: { tags, body: DisablePartnerAgentRequest, response: { 200: MessageBody } },
      },
      (request) => disablePartnerAgent(deps, agentOf(request), request.body.agentId),
    );

    app.post(
      '/api/modify-partner-agent',
      {
        config: { access: 'owner' },
        schema: { tags, body: ModifyPartnerAgentRequest, response: { 200: MessageBody } },
      },
      (request) => modifyPartnerAgent(deps, agentOf(request), request.body.agentId, request.body.role),
    );
  };
