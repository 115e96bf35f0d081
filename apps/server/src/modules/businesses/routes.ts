import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AllBusinessListsResponse,
  BusinessCountsResponse,
  BusinessIdParams,
  BusinessListsRequest,
  BusinessListsResponse,
  BusinessProjectsRequest,
  BusinessProjectsResponse,
  BusinessResponse,
  CreateBusinessRequest,
  CreateBusinessResponse,
  CreateBusinessWithProjectRequest,
  CreateBusinessWithProjectResponse,
  CreateProjectRequest,
  CreateProjectResponse,
  DeleteBusinessParams,
  IdParams,
  MessageBody,
  PartnerParams,
  ReferralQuery,
  ResetBusinessPasswordRequest,
  SortQuery,
  UpdateBusinessRequest,
  UpdateBusinessResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { createBusiness, createBusinessWithProject, createProject } from './create.js';
import { allBusinesses, businessCounts, listBusinesses } from './list.js';
import { archiveBusiness, businessProjects, getBusiness, renameBusiness, resetBusinessPassword } from './manage.js';

const tags = ['businesses'];

// The spec's {partnerId} in paths (even the literal ":partnerId") and partnerReferralId are
// ignored: the partner and the referral user come from the session.
export const businessRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { access: 'business.read' as const };
    const write = { access: 'business.write' as const };

    app.get(
      '/api/allbusiness-lists',
      { config: read, schema: { tags, response: { 200: AllBusinessListsResponse } } },
      (request) => allBusinesses(deps.db, agentOf(request)),
    );
    app.get(
      '/api/partner-referral-allbusiness-lists',
      { config: read, schema: { tags, querystring: ReferralQuery, response: { 200: AllBusinessListsResponse } } },
      (request) => allBusinesses(deps.db, agentOf(request)),
    );

    for (const url of ['/api/business-lists', '/api/partner-referral-business-lists']) {
      app.post(
        url,
        {
          config: read,
          schema: {
            tags,
            querystring: SortQuery,
            body: BusinessListsRequest,
            response: { 200: BusinessListsResponse },
          },
        },
        (request) => listBusinesses(deps.db, agentOf(request), request.body, request.query.sort),
      );
    }

    app.post(
      '/api/business-counts',
      {
        config: read,
        schema: { tags, body: z.object({}).passthrough().nullish(), response: { 200: BusinessCountsResponse } },
      },
      (request) => businessCounts(deps.db, agentOf(request)),
    );

    app.post(
      '/partner/:partnerId/business/',
      {
        config: write,
        schema: { tags, params: PartnerParams, body: CreateBusinessRequest, response: { 200: CreateBusinessResponse } },
      },
      (request) => createBusiness(deps, agentOf(request), request.body),
    );
    app.post(
      '/partner/:partnerId/business/create',
      {
        config: write,
        schema: {
          tags,
          params: PartnerParams,
          body: CreateBusinessWithProjectRequest,
          response: { 200: CreateBusinessWithProjectResponse },
        },
      },
      (request) => createBusinessWithProject(deps, agentOf(request), request.body),
    );

    app.get(
      '/partner/:partnerId/business/:id',
      { config: read, schema: { tags, params: IdParams, response: { 200: BusinessResponse } } },
      (request) => getBusiness(deps, agentOf(request), request.params.id),
    );
    app.patch(
      '/partner/:partnerId/business/:id',
      {
        config: write,
        schema: { tags, params: IdParams, body: UpdateBusinessRequest, response: { 200: UpdateBusinessResponse } },
      },
      (request) => renameBusiness(deps, agentOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/business-projects',
      { config: read, schema: { tags, body: BusinessProjectsRequest, response: { 200: BusinessProjectsResponse } } },
      (request) => businessProjects(deps, agentOf(request), request.body.clientId, request.body.name),
    );

    app.post(
      '/api/delete-business/:id',
      {
        config: write,
        schema: {
          tags,
          params: DeleteBusinessParams,
          body: z.object({}).passthrough().nullish(),
          response: { 200: MessageBody },
        },
      },
      (request) => archiveBusiness(deps, agentOf(request), request.params.id),
    );

    app.post(
      '/api/reset-business-password',
      { config: write, schema: { tags, body: ResetBusinessPasswordRequest, response: { 200: MessageBody } } },
      (request) => resetBusinessPassword(deps, agentOf(request), request.body),
    );

    app.post(
      '/partner/:partnerId/business/:businessId/project',
      {
        config: write,
        schema: {
          tags,
          params: BusinessIdParams,
          body: CreateProjectRequest,
          response: { 200: CreateProjectResponse },
        },
      },
      (request) => createProject(deps, agentOf(request), request.params.businessId, request.body),
    );
  };
