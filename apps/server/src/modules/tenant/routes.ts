import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppConfig, PartnerLogosResponse, TenantProfileRequest, TenantProfileResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { getPartner } from '../partners/partner.js';
import { resolveTenant } from './tenant.js';
import { chatWidgetScriptUrl } from '../../providers/chat-widget/sandbox.js';

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

    // Public: the embedded sign-up page shows the partner's logo before anyone signs in. Only the
    // logo, which every page of the partner's brand shows anyway; the spec's ':partnerId' placeholder
    // means the signed-in member's partner; an unknown partner is a 404.
    app.get(
      '/api/:partnerId/get-partner-logos',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: z.object({ partnerId: z.string().max(100) }),
          response: { 200: PartnerLogosResponse },
        },
      },
      async (request) => {
        const { partnerId } = request.params;
        const viewer = request.viewer;
        const id = partnerId === ':partnerId' && viewer?.kind === 'agent' ? viewer.partnerId : partnerId;
        return { brandLogoUrl: (await getPartner(deps.db, id)).brandLogoUrl };
      },
    );

    app.get(
      '/api/app-config',
      { config: { access: 'public' }, schema: { tags, response: { 200: AppConfig } } },
      async () => ({
        chatWidgetScriptUrl: chatWidgetScriptUrl(deps.env),
        helpCenterUrl: deps.env.HELP_CENTER_URL,
      }),
    );
  };
