import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProviderAddonPlansResponse, UpdateAddonPlanAnswer, UpdateAddonPlanRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { readAddonCatalogue } from '../pricing/catalogue.js';
import { updateAddonPlan } from './update.js';

const tags = ['configuration'];

/**
 * The Add-on plan list (Manage, doc 3 sections 2 and 7): the provider's add-on plans (ours, beside
 * the three provider calls: the page needs the provider price under each margin) and the
 * partner's prices over them.
 */
export const addonPlanRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/aisensy-addon-plans',
      { config: { access: 'manage.read' }, schema: { tags, response: { 200: ProviderAddonPlansResponse } } },
      async () => ({ aisensyAddonPlans: await readAddonCatalogue(deps.db) }),
    );
    app.post(
      '/api/update-addon-plan',
      {
        config: { access: 'manage.write' },
        schema: { tags, body: UpdateAddonPlanRequest, response: { 200: UpdateAddonPlanAnswer } },
      },
      (request) => updateAddonPlan(deps.db, agentOf(request), request.body),
    );
  };
