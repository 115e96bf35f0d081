import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ActivityLogQuery, ActivityLogResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { csvStream, sendCsv } from '../../platform/csv/csv.js';
import { wantsCsv } from '../../platform/csv/wants-csv.js';
import { ACTIVITY_CSV_HEADER, activityCsvRows, listActivity } from './list.js';

/**
 * The partner's activity log (Manage, Activity Log; ours): its team's changes, written with each
 * change (record.ts). Read by the owner and the roles given Activity View; the same URL with
 * `Accept: text/csv` downloads every matching entry.
 */
export const activityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/activity-log',
      {
        config: { access: 'activity.read' },
        schema: { tags: ['activity'], querystring: ActivityLogQuery, response: { 200: ActivityLogResponse } },
      },
      async (request, reply) => {
        const partnerId = agentOf(request).partnerId;
        reply.header('vary', 'Accept');
        if (wantsCsv(request.headers.accept))
          return sendCsv(
            reply,
            csvStream(ACTIVITY_CSV_HEADER, activityCsvRows(deps, partnerId, request.query), (cells) => cells),
            'activity-log.csv',
          );
        return listActivity(deps, partnerId, request.query);
      },
    );
  };
