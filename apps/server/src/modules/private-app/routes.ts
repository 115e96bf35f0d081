import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePrivateAppRequest,
  PrivateAppPasswordResponse,
  PrivateAppResponse,
  ResetPrivateAppRequest,
  WebhookPath,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { PrivateAppCtx } from './context.js';
import { createPrivateApp, getPrivateApp, resetPrivateApp } from './private-app.js';

const tags = ['private-app'];
// Doc 2 section 6: the project API buttons need write access.
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
const ProjectPath = WebhookPath.pick({ projectId: true });

/** GET, POST and PATCH /project/{projectId}/private-app (doc 2 section 7.2). */
export const privateAppRoutes =
  (ctx: PrivateAppCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/project/:projectId/private-app',
      { config: read, schema: { tags, params: ProjectPath, response: { 200: PrivateAppResponse } } },
      (request) => getPrivateApp(ctx, agentOf(request), request.params.projectId),
    );

    app.post(
      '/project/:projectId/private-app',
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          body: CreatePrivateAppRequest,
          response: { 200: PrivateAppPasswordResponse },
        },
      },
      (request) => createPrivateApp(ctx, agentOf(request), request.params.projectId, request.body),
    );

    app.patch(
      '/project/:projectId/private-app',
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          body: ResetPrivateAppRequest,
          response: { 200: PrivateAppPasswordResponse },
        },
      },
      (request) => resetPrivateApp(ctx, agentOf(request), request.params.projectId, request.body),
    );
  };
