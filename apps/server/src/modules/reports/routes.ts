import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillingReportQuery,
  BillingReportResponse,
  ConversationReportResponse,
  IdParams,
  PartnerParams,
  ProjectReportParams,
  ReportRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { sendReport } from './answer.js';
import { billingReport } from './billing-report.js';
import { conversationReport } from './conversation-report.js';

const tags = ['reports'];
const description =
  'Answers `{ logs }`, written as it is read; with `Accept: text/csv` the same rows as a streamed CSV file (the console saves it). A missing startDate is 25 Apr 2023, a missing endDate now.';
const billing = { 200: BillingReportResponse };
const conversation = { 200: ConversationReportResponse };
// The partnerId of the path is the spec's; the partner always comes from the session.

export const reportRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Billings page (partner), business detail (?clientId=) and project Billings tab (?assistantId=):
    // billing logs whichever the scope, so Billings read (Business read alone never saw billing logs).
    app.post(
      '/partner/:partnerId/partner-billing-report',
      {
        config: { access: 'billings.read' },
        schema: {
          tags,
          params: PartnerParams,
          querystring: BillingReportQuery,
          body: ReportRequest,
          response: billing,
          description,
        },
      },
      async (request, reply) =>
        sendReport(
          request,
          reply,
          await billingReport(deps, agentOf(request), request.body, {
            businessId: request.query.clientId,
            projectId: request.query.assistantId,
          }),
        ),
    );
    app.post(
      '/partner/:partnerId/partner-convo-report',
      {
        config: { access: 'billings.read' },
        schema: { tags, params: PartnerParams, body: ReportRequest, response: conversation, description },
      },
      async (request, reply) =>
        sendReport(request, reply, await conversationReport(deps, agentOf(request), request.body, {})),
    );
    app.post(
      '/partner/:partnerId/business/:id/business-convo-report',
      {
        config: { access: 'business.read' },
        schema: { tags, params: IdParams, body: ReportRequest, response: conversation, description },
      },
      async (request, reply) =>
        sendReport(
          request,
          reply,
          await conversationReport(deps, agentOf(request), request.body, { businessId: request.params.id }),
        ),
    );
    app.post(
      '/partner/:partnerId/project/:projectId/project-convo-report',
      {
        config: { access: 'business.read' },
        schema: { tags, params: ProjectReportParams, body: ReportRequest, response: conversation, description },
      },
      async (request, reply) =>
        sendReport(
          request,
          reply,
          await conversationReport(deps, agentOf(request), request.body, { projectId: request.params.projectId }),
        ),
    );
  };
