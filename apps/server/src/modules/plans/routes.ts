import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanFamiliesResponse, WccPlansResponse, WhatsappPaymentsPlansResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { paymentPlansOf, planFamiliesOf, wccPlansOf } from './plans.js';

const tags = ['plans'];

// The catalogue is read by the create-business and create-project forms, so business read suffices.
export const planRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/get-partner-plan-families',
      { config: { access: 'business.read' }, schema: { tags, response: { 200: PlanFamiliesResponse } } },
      (request) => planFamiliesOf(deps.db, agentOf(request)),
    );
    app.get(
      '/api/get-partner-wcc-plans',
      { config: { access: 'business.read' }, schema: { tags, response: { 200: WccPlansResponse } } },
      (request) => wccPlansOf(deps.db, agentOf(request)),
    );
    app.get(
      '/api/whatsapp-payments-plans',
      { config: { access: 'business.read' }, schema: { tags, response: { 200: WhatsappPaymentsPlansResponse } } },
      (request) => paymentPlansOf(deps.db, agentOf(request)),
    );
  };
