import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTemplateRequest,
  CreateTemplateResponse,
  EditTemplateRequest,
  MessageBody,
  SaveTemplateDraftRequest,
  Template,
  TemplateDetailResponse,
  TemplateLintContextResponse,
  TemplateListQuery,
  TemplateListRequest,
  TemplateListResponse,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import type { TemplatesCtx } from './context.js';
import { discardDraft, saveDraft } from './drafts.js';
import { lintContext, listTemplates, templateDetail } from './list.js';
import { submitTemplate } from './submit.js';
import { editTemplate } from './edit.js';

const tags = ['templates'];
// Doc 2 section 6: the Templates tab reads with business read access and writes (create, sync) with write access.
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
const ProjectParams = z.object({ projectId: z.string() });

/** The Template messages screen's calls (doc 2 sections 2.3 and 7.6, doc 1 section 7) and our drafts and lint. */
export const templateRoutes =
  (ctx: TemplatesCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/project/:projectId/wa_template',
      {
        config: write,
        schema: { tags, params: ProjectParams, body: CreateTemplateRequest, response: { 200: CreateTemplateResponse } },
      },
      (request) => submitTemplate(ctx, agentOf(request), request.params.projectId, request.body),
    );

    app.put(
      '/project/:projectId/wa_template/:templateId',
      {
        config: write,
        schema: {
          tags,
          params: z.object({ projectId: z.string(), templateId: z.string() }),
          body: EditTemplateRequest,
          response: { 200: CreateTemplateResponse },
        },
      },
      (request) =>
        editTemplate(ctx, agentOf(request), request.params.projectId, request.params.templateId, request.body),
    );

    app.post(
      '/api/template-lists',
      {
        config: read,
        schema: {
          tags,
          querystring: TemplateListQuery,
          body: TemplateListRequest,
          response: { 200: TemplateListResponse },
        },
      },
      (request) => listTemplates(ctx, agentOf(request).partnerId, request.body, request.query.sort),
    );

    app.get(
      '/api/:userId/template-detials/:templateId',
      {
        config: read,
        schema: {
          tags,
          params: z.object({ userId: z.string(), templateId: z.string() }),
          response: { 200: TemplateDetailResponse },
        },
      },
      (request) => templateDetail(ctx, agentOf(request), request.params.userId, request.params.templateId),
    );

    app.post(
      '/project/:projectId/wa_template/draft',
      {
        config: write,
        schema: { tags, params: ProjectParams, body: SaveTemplateDraftRequest, response: { 200: Template } },
      },
      (request) => saveDraft(ctx, agentOf(request), request.params.projectId, request.body),
    );

    app.delete(
      '/project/:projectId/wa_template/draft/:draftId',
      {
        config: write,
        schema: {
          tags,
          params: z.object({ projectId: z.string(), draftId: z.string() }),
          response: { 200: MessageBody },
        },
      },
      (request) => discardDraft(ctx, agentOf(request), request.params.projectId, request.params.draftId),
    );

    app.get(
      '/project/:projectId/template-lint-context',
      { config: read, schema: { tags, params: ProjectParams, response: { 200: TemplateLintContextResponse } } },
      (request) => lintContext(ctx, agentOf(request).partnerId, request.params.projectId),
    );
  };
