import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppConfig, PartnerLogosResponse, TenantProfileRequest, TenantProfileResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { getPartner } from '../partners/partner.js';
import { resolveTenant } from './tenant.js';

const tags = ['tenant'];

export const tenantRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The body is optional; a POST without one arrives as null, hence nullish.
    app.post(
      '/api/get-tenant-profile',
      {
        config: { access: 'public' },
        schema: { tags, body: TenantProfileRequest.nullish(), response: { 200: TenantProfileResponse } },
      },
      async (request) => ({ data: await resolveTenant(deps.db, request.body?.tenantId, request.headers.host) }),
    );

    // The path's partner id is ignored: the partner comes from the session (ARCHITECTURE rule 1).
    app.get(
      '/api/:partnerId/get-partner-logos',
      {
        config: { access: 'member' },
        schema: { tags, params: z.object({ partnerId: z.string() }), response: { 200: PartnerLogosResponse } },
      },
      async (request) => ({ brandLogoUrl: (await getPartner(deps.db, agentOf(request).partnerId)).brandLogoUrl }),
    );

    app.get(
      '/api/app-config',
      { config: { access: 'public' }, schema: { tags, response: { 200: AppConfig } } },
      async () => ({
        chatWidgetScriptUrl: deps.env.CHAT_WIDGET_SCRIPT_URL ?? null,
        helpCenterUrl: deps.env.HELP_CENTER_URL,
      }),
    );
  };
