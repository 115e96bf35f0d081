import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPartnersResponse,
  MessageBody,
  PartnerIdParams,
  ProjectIdParams,
  SetPartnerFlagsRequest,
  SetProjectStatusRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { setProjectStatusAsStaff } from '../project-billing/status.js';
import { listAdminPartners, setPartnerFlags } from './partners.js';

const tags = ['superadmin'];

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/superadmin/partners',
      { config: { access: 'superadmin' }, schema: { tags, response: { 200: AdminPartnersResponse } } },
      async () => ({
        partners: await listAdminPartners(deps),
      }),
    );

    app.patch(
      '/superadmin/partners/:id/flags',
      {
        config: { access: 'superadmin' },
        schema: { tags, params: PartnerIdParams, body: SetPartnerFlagsRequest, response: { 200: MessageBody } },
      },
      (request) => setPartnerFlags(deps, request.params.id, request.body.flags),
    );

    app.put(
      '/superadmin/projects/:id/status',
      {
        config: { access: 'superadmin' },
        schema: { tags, params: ProjectIdParams, body: SetProjectStatusRequest, response: { 200: MessageBody } },
      },
      (request) => setProjectStatusAsStaff(deps, request.params.id, request.body.status),
    );
  };
