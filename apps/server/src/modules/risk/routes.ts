import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RiskQuery, RiskResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { riskBoard } from './board.js';

const tags = ['risk'];

// The partner's projects ranked by revenue at risk: read under the projects' read right (the
// business section), as the project pages each signal links to are.
export const riskRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/risk',
      {
        config: { access: 'business.read' },
        schema: { tags, querystring: RiskQuery, response: { 200: RiskResponse } },
      },
      (request) => riskBoard(deps, agentOf(request), request.query),
    );
  };
