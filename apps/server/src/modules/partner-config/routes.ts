import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UpdatePartnerConfigRequest, UpdatePartnerConfigResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { updatePartnerConfig } from './config.js';

const tags = ['configuration'];

/** The Manage pages' settings (spec doc 3 section 7): manage write. */
export const partnerConfigRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/api/update-partner-config',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: UpdatePartnerConfigRequest, response: { 200: UpdatePartnerConfigResponse } },
      },
      (request) => updatePartnerConfig(deps.db, agentOf(request), request.body),
    );
  };
