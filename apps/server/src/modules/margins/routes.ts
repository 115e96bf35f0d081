import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MarginQuery, MarginResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
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
  };
