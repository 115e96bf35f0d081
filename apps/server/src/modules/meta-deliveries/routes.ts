import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MetaDeliveriesResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { readMetaDeliveries } from './deliveries.js';

const tags = ['superadmin'];

export const metaDeliveriesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The platform's own view across partners: the super-admin's (the platform's staff) only.
    app.get(
      '/superadmin/meta-deliveries',
      { config: { access: 'superadmin' }, schema: { tags, response: { 200: MetaDeliveriesResponse } } },
      () => readMetaDeliveries(deps.db),
    );
  };
