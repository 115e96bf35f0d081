import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssistantIdParams,
  BillingActivityListsRequest,
  BillingActivityListsResponse,
  BillingDetailResponse,
  BillingIdParams,
  PartnerNameResponse,
  SortQuery,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { billingDetail, listBillingLogs, projectName } from './billings.js';

const tags = ['billings'];

// The spec's {partnerId} in paths is ignored: the partner comes from the session.
export const billingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { access: 'billings.read' as const };
    app.post(
      '/api/partner-billing-activity-lists',
      {
        config: read,
        schema: {
          tags,
          querystring: SortQuery,
          body: BillingActivityListsRequest,
          response: { 200: BillingActivityListsResponse },
        },
      },
      (request) => listBillingLogs(deps, agentOf(request), request.body, request.query.sort),
    );
    app.get(
      '/api/partner-name/:assistantId',
      { config: read, schema: { tags, params: AssistantIdParams, response: { 200: PartnerNameResponse } } },
      (request) => projectName(deps, agentOf(request), request.params.assistantId),
    );
    app.get(
      '/api/:partnerId/partnerbilling-lists/:billingId',
      { config: read, schema: { tags, params: BillingIdParams, response: { 200: BillingDetailResponse } } },
      (request) => billingDetail(deps, agentOf(request), request.params.billingId),
    );
  };
