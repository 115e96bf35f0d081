import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BusinessDetails,
  FbmMetaInfoQuery,
  FbmMetaInfoResponse,
  GenerateAdsLinkRequest,
  GenerateCatalogLinkRequest,
  GenerateMigrationLinkRequest,
  GenerateWabaLinkRequest,
  GetProjectResponse,
  LinkResponse,
  MessageBody,
  MigrateProjectRequest,
  PhoneDetailsResponse,
  RenameProjectRequest,
  SyncChannelStatusRequest,
  SyncChannelStatusResponse,
  UpdateAgentSizeRequest,
  DirectProfilePatchRequest,
  DirectProfileResponse,
  GetUploadUrlRequest,
  GetUploadUrlResponse,
  SubmitKycResponse,
  UpdateBusinessProfileRequest,
} from '@pc/contract';
import { agentOf } from '../../platform/access/access.js';
import {
  fetchBusinessManagerInfo,
  generateLink,
  getBusinessDetails,
  getProject,
  migrateProject,
  phoneDetails,
  renameProject,
  syncChannelStatus,
  updateAgentSize,
} from './administration.js';
import type { ProjectsCtx } from './context.js';
import { kycForm, submitKyc } from './kyc.js';
import { createUploadUrl, getDirectProfile, patchDirectProfile, updateBusinessProfile } from './profile.js';
import { readForm } from './uploads.js';

const tags = ['projects'];
const read = { access: 'business.read' } as const;
const write = { access: 'business.write' } as const;
// The spec's {partnerId} in paths is ignored (even the literal ':partnerId'): the partner comes from the session.
const ProjectParams = z.object({ projectId: z.string() });
const PartnerProjectParams = z.object({ partnerId: z.string(), projectId: z.string() });

export const projectRoutes =
  (ctx: ProjectsCtx): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/get-project/:projectId',
      { config: read, schema: { tags, params: ProjectParams, response: { 200: GetProjectResponse } } },
      (request) => getProject(ctx, agentOf(request).partnerId, request.params.projectId),
    );

    app.get(
      '/api/get-business-details/:businessId',
      {
        config: read,
        schema: { tags, params: z.object({ businessId: z.string() }), response: { 200: BusinessDetails } },
      },
      (request) => getBusinessDetails(ctx, agentOf(request).partnerId, request.params.businessId),
    );

    app.get(
      '/partner/fetch-fbm-meta-info',
      { config: read, schema: { tags, querystring: FbmMetaInfoQuery, response: { 200: FbmMetaInfoResponse } } },
      (request) =>
        fetchBusinessManagerInfo(ctx, agentOf(request).partnerId, request.query.fbBusinessId, request.query.wabaId),
    );

    app.get(
      '/api/get-phone-details/:projectId',
      { config: read, schema: { tags, params: ProjectParams, response: { 200: PhoneDetailsResponse } } },
      (request) => phoneDetails(ctx, agentOf(request).partnerId, request.params.projectId),
    );

    app.post(
      '/partner/:partnerId/sync-channel-status',
      {
        config: write,
        schema: {
          tags,
          params: z.object({ partnerId: z.string() }),
          body: SyncChannelStatusRequest,
          response: { 200: SyncChannelStatusResponse },
        },
      },
      (request) => syncChannelStatus(ctx, agentOf(request), request.body.assistantId),
    );

    app.patch(
      '/partner/:partnerId/project/:projectId',
      {
        config: write,
        schema: { tags, params: PartnerProjectParams, body: RenameProjectRequest, response: { 200: MessageBody } },
      },
      (request) => renameProject(ctx, agentOf(request), request.params.projectId, request.body.name),
    );

    app.patch(
      '/api/update-project-agent-size',
      { config: write, schema: { tags, body: UpdateAgentSizeRequest, response: { 200: MessageBody } } },
      (request) => updateAgentSize(ctx, agentOf(request), request.body.projectId, request.body.agentSize),
    );

    app.patch(
      '/partner/:partnerId/project/:projectId/migrate',
      {
        config: write,
        schema: { tags, params: PartnerProjectParams, body: MigrateProjectRequest, response: { 200: MessageBody } },
      },
      (request) => migrateProject(ctx, agentOf(request), request.params.projectId, request.body.businessId),
    );

    const linkRoute = { config: write, schema: { tags, response: { 200: LinkResponse } } };
    app.post(
      '/api/generate-waba-link/',
      { ...linkRoute, schema: { ...linkRoute.schema, body: GenerateWabaLinkRequest } },
      (request) => generateLink(ctx, agentOf(request), request.body.assistantId, 'waba'),
    );
    app.post(
      '/api/generate-connect-ads-link',
      {
        ...linkRoute,
        schema: {
          ...linkRoute.schema,
          querystring: z.object({ version: z.string().max(10).optional() }),
          body: GenerateAdsLinkRequest,
        },
      },
      (request) => generateLink(ctx, agentOf(request), request.body.assistantId, 'ads'),
    );
    app.post(
      '/api/generate-waba-migration-link/',
      { ...linkRoute, schema: { ...linkRoute.schema, body: GenerateMigrationLinkRequest } },
      (request) => generateLink(ctx, agentOf(request), request.body.assistantId, 'migration'),
    );
    app.post(
      '/api/generate-connect-catalog-link/',
      { ...linkRoute, schema: { ...linkRoute.schema, body: GenerateCatalogLinkRequest } },
      (request) => generateLink(ctx, agentOf(request), request.body.assistantId, 'catalog'),
    );

    // Multipart (gstNumber, file, fileName, contentType, fileType, consent, assistantId); the file is judged by its bytes.
    app.post(
      '/partner/submit-kyc',
      { config: write, schema: { tags, consumes: ['multipart/form-data'], response: { 200: SubmitKycResponse } } },
      async (request) => submitKyc(ctx, agentOf(request), await readForm(request, kycForm)),
    );

    app.post(
      '/project/:projectId/get-upload-url',
      {
        config: write,
        schema: { tags, params: ProjectParams, body: GetUploadUrlRequest, response: { 200: GetUploadUrlResponse } },
      },
      (request) => createUploadUrl(ctx, agentOf(request).partnerId, request.params.projectId, request.body),
    );

    app.post(
      '/project/:projectId/update-business-profile',
      {
        config: write,
        schema: { tags, params: ProjectParams, body: UpdateBusinessProfileRequest, response: { 200: MessageBody } },
      },
      (request) => updateBusinessProfile(ctx, agentOf(request), request.params.projectId, request.body),
    );

    app.get(
      '/api/direct-api-partner/profile/:projectId',
      { config: read, schema: { tags, params: ProjectParams, response: { 200: DirectProfileResponse } } },
      (request) => getDirectProfile(ctx, agentOf(request).partnerId, request.params.projectId),
    );

    app.patch(
      '/api/direct-api-partner/profile',
      { config: write, schema: { tags, body: DirectProfilePatchRequest, response: { 200: MessageBody } } },
      (request) => patchDirectProfile(ctx, agentOf(request), request.body),
    );
  };
