import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROJECTS_REPORT_FILE,
  ProjectCountsRequest,
  ProjectCountsResponse,
  ProjectListRequest,
  ProjectListResponse,
  ProjectListSortQuery,
  ProjectsReportRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { sendCsv } from '../../platform/csv/csv.js';
import { agentOf } from '../../platform/access/access.js';
import { countProjects, listProjects, scopeOf } from './project-list.js';
import { projectsReport } from './report.js';

const tags = ['projects'];
const access = 'business.read' as const;

// The projects list (spec doc 1 sections 2, 3, 7). The partner comes from the session: a partner
// id in the path (even the literal ':partnerId') or in the body is ignored. Bodies are optional
// (the spec's defaults apply: tab All, first page of 10, newest first).
export const projectListRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const [url, referral] of [
      ['/api/project-lists', false],
      ['/api/partner-referral-project-lists', true],
    ] as const) {
      app.post(
        url,
        {
          config: { access },
          schema: {
            tags,
            querystring: ProjectListSortQuery,
            body: ProjectListRequest.nullish(),
            response: { 200: ProjectListResponse },
          },
        },
        (request) =>
          listProjects(
            deps,
            scopeOf(agentOf(request), referral),
            ProjectListRequest.parse(request.body ?? {}),
            request.query.sort,
          ),
      );
    }

    for (const [url, referral] of [
      ['/api/project-counts', false],
      ['/api/partner-referral-project-counts', true],
    ] as const) {
      app.post(
        url,
        {
          config: { access },
          schema: { tags, body: ProjectCountsRequest.nullish(), response: { 200: ProjectCountsResponse } },
        },
        (request) => countProjects(deps, scopeOf(agentOf(request), referral), request.body ?? {}),
      );
    }

    app.post(
      '/partner/:partnerId/projects-report',
      {
        config: { access },
        schema: {
          tags,
          description: `Streams ${PROJECTS_REPORT_FILE} (text/csv) of the list's filter and tab.`,
          params: z.object({ partnerId: z.string() }),
          body: ProjectsReportRequest,
        },
      },
      async (request, reply) => {
        const stream = await projectsReport(deps, scopeOf(agentOf(request), false), request.body);
        return sendCsv(reply, stream, PROJECTS_REPORT_FILE);
      },
    );
  };
