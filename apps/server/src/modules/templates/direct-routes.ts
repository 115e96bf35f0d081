import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTemplateResponse,
  DirectCreateTemplateRequest,
  DirectListTemplatesRequest,
  DirectListTemplatesResponse,
  DirectSearchTemplatesRequest,
  DirectSearchTemplatesResponse,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { TemplatesCtx } from './context.js';
import { directCreate, directList, directSearch } from './direct.js';

const tags = ['templates'];
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;

/**
 * The DIRECT partners' template endpoints (doc 2 sections 6 and 7.6). The list and search read,
 * though they are POSTs; the list's project is the path's (a projectId in the body is not used).
 */
export const directTemplateRoutes =
  (ctx: TemplatesCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/direct-api-partner/templates',
      { config: write, schema: { tags, body: DirectCreateTemplateRequest, response: { 200: CreateTemplateResponse } } },
      (request) => directCreate(ctx, agentOf(request), request.body),
    );

    app.post(
      '/api/direct-api-partner/templates/project/:projectId',
      {
        config: read,
        schema: {
          tags,
          params: z.object({ projectId: z.string() }),
          body: DirectListTemplatesRequest,
          response: { 200: DirectListTemplatesResponse },
        },
      },
      (request) => directList(ctx, agentOf(request).partnerId, request.params.projectId, request.body),
    );

    app.post(
      '/api/direct-api-partner/templates/search',
      {
        config: read,
        schema: { tags, body: DirectSearchTemplatesRequest, response: { 200: DirectSearchTemplatesResponse } },
      },
      (request) => directSearch(ctx, agentOf(request).partnerId, request.body),
    );
  };
