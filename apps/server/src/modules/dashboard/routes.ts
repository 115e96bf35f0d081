import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardSummary, DashboardUsage, DashboardUsageQuery } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { getDashboardSummary, getDashboardUsage } from './dashboard.js';

const tags = ['dashboard'];

// The dashboard's figures (spec doc 1 section 2). The spec names no call for them; they read
// under the dashboard section's read right.
export const dashboardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dashboard-summary',
      { config: { access: 'dashboard.read' }, schema: { tags, response: { 200: DashboardSummary } } },
      (request) => getDashboardSummary(deps, agentOf(request)),
    );

    app.get(
      '/api/dashboard-usage',
      {
        config: { access: 'dashboard.read' },
        schema: { tags, querystring: DashboardUsageQuery, response: { 200: DashboardUsage } },
      },
      (request) => getDashboardUsage(deps, agentOf(request), request.query.fromDate, request.query.toDate),
    );
  };
