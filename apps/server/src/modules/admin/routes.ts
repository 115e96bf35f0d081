import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPartnersQuery,
  AdminPartnersResponse,
  MessageBody,
  PartnerIdParams,
  SetPartnerFlagsRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf } from '../../platform/access/access.js';
import { listAdminPartners, setPartnerFlags } from './partners.js';

const tags = ['superadmin'];

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/superadmin/partners',
      {
        config: { access: 'superadmin' },
        schema: { tags, querystring: AdminPartnersQuery, response: { 200: AdminPartnersResponse } },
      },
      (request) => listAdminPartners(deps, request.query),
    );

    app.patch(
      '/superadmin/partners/:id/flags',
      {
        config: { access: 'superadmin' },
        schema: { tags, params: PartnerIdParams, body: SetPartnerFlagsRequest, response: { 200: MessageBody } },
      },
      (request) => setPartnerFlags(deps, adminOf(request), request.params.id, request.body.flags),
    );
  };
