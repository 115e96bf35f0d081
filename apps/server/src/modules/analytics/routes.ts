import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WccAnalyticsQuery, WccAnalyticsResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { wccAnalytics } from './analytics.js';

const tags = ['analytics'];

// Analytics is read under the dashboard section's read right: the spec gives it no section of its
// own, and it shows the same usage figures as the dashboard. The path's partnerId is ignored.
export const analyticsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/partner/:partnerId/wcc-analytics',
      {
        config: { access: 'dashboard.read' },
        schema: { tags, querystring: WccAnalyticsQuery, response: { 200: WccAnalyticsResponse } },
      },
      (request) => wccAnalytics(deps, agentOf(request), request.query),
    );
  };
