import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  AddTemplateCreditRequest,
  AddTemplateCreditResponse,
  AssistantIdRequest,
  CreditsFromCacheResponse,
  IdempotencyKeyHeader,
  MessageBody,
  MigrateTemplatesResponse,
  ProjectIdParams,
  SetApiKeyRequest,
  SetApiKeyResponse,
  SetAppNameRequest,
  SetProcessedRequest,
  SetProcessedResponse,
  SetProjectPlanRequest,
  SetProjectStatusRequest,
  SetVerificationRequest,
  SetWhatsappNumberRequest,
  StaffSyncTemplatesResponse,
  SuperadminProject,
  SuperadminProjectListRequest,
  SuperadminProjectListResponse,
} from '@pc/contract';
import { adminOf } from '../../platform/access/access.js';
import { creditsFromCache } from './cache.js';
import type { SuperadminProjectsCtx } from './context.js';
import { addTemplateCredit } from './credit.js';
import { projectForStaff } from './detail.js';
import { setApiKey, setAppName, setProcessed, setVerification, setWhatsappNumber } from './fields.js';
import { listAllProjects } from './list.js';
import { setPlanAsStaff, setStatusAsStaff } from './plan-status.js';
import { migrateTemplatesAsStaff, syncTemplatesAsStaff } from './templates.js';

const tags = ['superadmin'];
const config = { access: 'superadmin' } as const;

/**
 * The super-admin's projects across partners (doc 2 sections 2.2, 4, 5.3 and 7.7): the list, one
 * project's screen and each of its sections' actions. Every route is the super-admin's only.
 */
export const superadminProjectRoutes =
  (ctx: SuperadminProjectsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/superadmin/project-lists',
      {
        config,
        schema: {
          tags,
          body: SuperadminProjectListRequest.nullish(),
          response: { 200: SuperadminProjectListResponse },
        },
      },
      (request) => listAllProjects(ctx, SuperadminProjectListRequest.parse(request.body ?? {})),
    );

    app.get(
      '/superadmin/projects/:id',
      { config, schema: { tags, params: ProjectIdParams, response: { 200: SuperadminProject } } },
      (request) => projectForStaff(ctx, request.params.id),
    );

    const id = '/superadmin/projects/:id';
    /** One section of the screen: the project by id, its body and answer. */
    const section = <B extends z.ZodType, R extends z.ZodType>(body: B, response: R) => ({
      config,
      schema: { tags, params: ProjectIdParams, body, response: { 200: response } },
    });

    app.put(`${id}/status`, section(SetProjectStatusRequest, MessageBody), (r) =>
      setStatusAsStaff(ctx, adminOf(r), r.params.id, r.body.status),
    );
    app.put(`${id}/plan`, section(SetProjectPlanRequest, MessageBody), (r) =>
      setPlanAsStaff(ctx, adminOf(r), r.params.id, r.body.activePlan),
    );
    app.put(`${id}/verification`, section(SetVerificationRequest, MessageBody), (r) =>
      setVerification(ctx, adminOf(r), r.params.id, r.body.isWhatsappVerified),
    );
    app.put(`${id}/whatsapp-number`, section(SetWhatsappNumberRequest, MessageBody), (r) =>
      setWhatsappNumber(ctx, adminOf(r), r.params.id, r.body.whatsappNumber),
    );
    app.put(`${id}/app-name`, section(SetAppNameRequest, MessageBody), (r) =>
      setAppName(ctx, adminOf(r), r.params.id, r.body.appName),
    );
    app.put(`${id}/api-key`, section(SetApiKeyRequest, SetApiKeyResponse), (r) =>
      setApiKey(ctx, adminOf(r), r.params.id, r.body.apiKey),
    );
    app.put(`${id}/processed`, section(SetProcessedRequest, SetProcessedResponse), (r) =>
      setProcessed(ctx, adminOf(r), r.params.id, r.body.processed),
    );

    app.post(
      `${id}/template-credit`,
      {
        config,
        schema: {
          tags,
          params: ProjectIdParams,
          headers: IdempotencyKeyHeader,
          body: AddTemplateCreditRequest,
          response: { 200: AddTemplateCreditResponse },
        },
      },
      (request) =>
        addTemplateCredit(
          ctx,
          adminOf(request),
          request.params.id,
          request.body.amount,
          request.headers['idempotency-key'] || undefined,
        ),
    );

    // Doc 2 section 7.7's calls, each with the project as assistantId.
    app.post(
      '/superadmin/get-credits-from-cache',
      { config, schema: { tags, body: AssistantIdRequest, response: { 200: CreditsFromCacheResponse } } },
      (request) => creditsFromCache(ctx, adminOf(request), request.body.assistantId),
    );
    app.post(
      '/superadmin/sync-template-messages',
      { config, schema: { tags, body: AssistantIdRequest, response: { 200: StaffSyncTemplatesResponse } } },
      (request) => syncTemplatesAsStaff(ctx, adminOf(request), request.body.assistantId),
    );
    app.post(
      '/superadmin/migrate-all-templates',
      { config, schema: { tags, body: AssistantIdRequest, response: { 200: MigrateTemplatesResponse } } },
      (request) => migrateTemplatesAsStaff(ctx, adminOf(request), request.body.assistantId),
    );
  };
