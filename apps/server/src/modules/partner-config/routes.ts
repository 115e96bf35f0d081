import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MessageBody,
  ProfileColorResponse,
  UpdatePartnerConfigRequest,
  UpdatePartnerConfigResponse,
  UpdateBillingDetailsRequest,
  UpdateProfileColorRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { saveBillingDetails } from './billing-details.js';
import { profileColorsOf, setProfileColors } from './colors.js';
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

    app.get(
      '/api/get-profile-color',
      { config: { access: 'manage.read' }, schema: { tags, response: { 200: ProfileColorResponse } } },
      (request) => profileColorsOf(deps.db, agentOf(request).partnerId),
    );
    app.post(
      '/api/update-profile-color',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: UpdateProfileColorRequest, response: { 200: MessageBody } },
      },
      (request) => setProfileColors(deps.db, agentOf(request), request.body.colorObj),
    );
    app.post(
      '/api/update-partner-billing-details',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: UpdateBillingDetailsRequest, response: { 200: MessageBody } },
      },
      (request) => saveBillingDetails(deps.db, agentOf(request), request.body.billingAddress),
    );
  };
