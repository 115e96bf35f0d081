import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarginQuery, MarginReportRequest, MarginResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { sendCsv } from '../../platform/csv/csv.js';
import { marginCsv } from './margin-report.js';
import { marginReport } from './report.js';

const tags = ['margins'];

// Money a partner made on its clients: read under the billings section's read right.
export const marginRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/margins',
      {
        config: { access: 'billings.read' },
        schema: { tags, querystring: MarginQuery, response: { 200: MarginResponse } },
      },
      (request) => marginReport(deps, agentOf(request), request.query),
    );
    app.post(
      '/api/margins/report',
      {
        config: { access: 'billings.read' },
        schema: { tags, body: MarginReportRequest, description: 'Streams the margin report (text/csv).' },
      },
      async (request, reply) => sendCsv(reply, await marginCsv(deps, agentOf(request), request.body)),
    );
  };
