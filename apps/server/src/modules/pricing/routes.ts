import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePaymentsPlanRequest,
  CreatePlanFamilyRequest,
  CreateWccPlanRequest,
  PaymentsPlanAnswer,
  PaymentsPlanIdParams,
  PlanFamilyAnswer,
  PlanPricingParams,
  ProviderCatalogue,
  ProviderPaymentsResponse,
  ProviderPlanPricingResponse,
  ProviderWccPricingResponse,
  UpdatePaymentsPlanRequest,
  UpdatePlanFamiliesRequest,
  UpdateCatalogueAnswer,
  UpdateCatalogueRequest,
  UpdateWccFamiliesRequest,
  WccFamilyAnswer,
  WccPricingParams,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf, agentOf } from '../../platform/access/access.js';
import { notFound } from '../../platform/errors/app-error.js';
import { findProject } from '../projects/queries.js';
import { readCatalogue, readPaymentSlabs, readPlanCatalogue, readVolumeTiers, readWccCatalogue } from './catalogue.js';
import { updateCatalogue } from './catalogue-edit.js';
import {
  createPaymentsPlan,
  createPlanFamily,
  createWccFamily,
  updatePaymentsPlan,
  updatePlanFamily,
  updateWccFamily,
} from './families.js';
import { providerWccPlanOf } from './provider-prices.js';

const tags = ['pricing'];
const read = { access: 'plans.read' } as const;
const write = { access: 'plans.write' } as const;

/** The provider's catalogue and the partner's families priced over it (spec doc 3 section 7). */
export const pricingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The console sends the literal `:projectId` (the catalogue is the same for every project); a
    // real id must be one of the partner's projects.
    app.get(
      '/api/get-aisensy-plan-family-pricing/:projectId',
      { config: read, schema: { tags, params: PlanPricingParams, response: { 200: ProviderPlanPricingResponse } } },
      async (request) => {
        const { projectId } = request.params;
        if (projectId !== ':projectId' && !(await findProject(deps.db, agentOf(request).partnerId, projectId)))
          throw notFound();
        return { plans: { plans: await readPlanCatalogue(deps.db) } };
      },
    );
    app.get(
      '/api/get-aisensy-wcc-pricing/:placeholder',
      { config: read, schema: { tags, params: WccPricingParams, response: { 200: ProviderWccPricingResponse } } },
      async () => ({
        aisensyWccPlan: providerWccPlanOf(await readWccCatalogue(deps.db)),
        volumeTiers: await readVolumeTiers(deps.db),
      }),
    );
    app.get(
      '/api/aisensy-whatsapp-payments-plans',
      { config: read, schema: { tags, response: { 200: ProviderPaymentsResponse } } },
      async () => ({ aisensyWhatsappPaymentsSlabs: await readPaymentSlabs(deps.db) }),
    );

    app.post(
      '/api/create-partner-plan-family',
      { config: write, schema: { tags, body: CreatePlanFamilyRequest, response: { 200: PlanFamilyAnswer } } },
      (request) => createPlanFamily(deps.db, agentOf(request), request.body),
    );
    app.patch(
      '/api/update-partner-plan-families',
      { config: write, schema: { tags, body: UpdatePlanFamiliesRequest, response: { 200: PlanFamilyAnswer } } },
      (request) => updatePlanFamily(deps.db, agentOf(request), request.body),
    );
    app.post(
      '/api/create-partner-wcc-plan',
      { config: write, schema: { tags, body: CreateWccPlanRequest, response: { 200: WccFamilyAnswer } } },
      (request) => createWccFamily(deps.db, agentOf(request), request.body),
    );
    app.patch(
      '/api/update-partner-wcc-families',
      { config: write, schema: { tags, body: UpdateWccFamiliesRequest, response: { 200: WccFamilyAnswer } } },
      (request) => updateWccFamily(deps.db, agentOf(request), request.body),
    );
    app.post(
      '/api/whatsapp-payments-plans',
      { config: write, schema: { tags, body: CreatePaymentsPlanRequest, response: { 200: PaymentsPlanAnswer } } },
      (request) => createPaymentsPlan(deps.db, agentOf(request), request.body),
    );
    app.patch(
      '/api/whatsapp-payments-plans/:id',
      {
        config: write,
        schema: {
          tags,
          params: PaymentsPlanIdParams,
          body: UpdatePaymentsPlanRequest,
          response: { 200: PaymentsPlanAnswer },
        },
      },
      (request) => updatePaymentsPlan(deps.db, agentOf(request), request.params.id, request.body.slabs),
    );

    // The provider's own prices: the super-admin's (the platform's staff), not a partner's.
    app.get(
      '/superadmin/catalogue',
      { config: { access: 'superadmin' }, schema: { tags, response: { 200: ProviderCatalogue } } },
      () => readCatalogue(deps.db),
    );
    app.patch(
      '/superadmin/catalogue',
      {
        config: { access: 'superadmin' },
        schema: { tags, body: UpdateCatalogueRequest, response: { 200: UpdateCatalogueAnswer } },
      },
      (request) => updateCatalogue(deps.db, adminOf(request), request.body, deps.now()),
    );
  };
