import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminPartnersResponse, MessageBody, PartnerIdParams, SetPartnerFlagsRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { listPartners, updatePartner } from '../partners/queries.js';
import { getPartner } from '../partners/partner.js';

const tags = ['superadmin'];

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/superadmin/partners', { config: { access: 'superadmin' }, schema: { tags, response: { 200: AdminPartnersResponse } } }, async () => ({
      partners: (await listPartners(deps.db)).map(({ id, name, type, currency, flags }) => ({ id, name, type, currency, flags })),
    }));

    // Flags not sent keep their value: a partial update never drops a flag someone else set.
    app.patch(
      '/superadmin/partners/:id/flags',
      { config: { access: 'superadmin' }, schema: { tags, params: PartnerIdParams, body: SetPartnerFlagsRequest, response: { 200: MessageBody } } },
      async (request) => {
        const partner = await getPartner(deps.db, request.params.id);
        await updatePartner(deps.db, partner.id, { flags: { ...partner.flags, ...request.body.flags } });
        return { message: 'Partner flags updated' };
      },
    );
  };
