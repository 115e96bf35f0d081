import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdCreditRequest,
  AddonRequest,
  AddonResponse,
  ChangeProjectStatusRequest,
  CreditRequest,
  CreditResponse,
  DeleteProjectResponse,
  IdempotencyKeyHeader,
  PartnerCreditResponse,
  ProjectActionMessage,
  ProjectPlanFamilyResponse,
  projectBillingTexts as texts,
  ReactivateProjectRequest,
  RemoveAddonRequest,
  SetDefaultConfigsRequest,
  SetPaymentPlanRequest,
  SwitchPlanRequest,
  UpdateWccPlanRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agentOf } from '../../platform/access/access.js';
import { activateAddon, modifyAddon, removeAddon } from './addons.js';
import { changeProjectCredit } from './credits.js';
import { changeWccPlan, setPaymentPlan } from './fee-plans.js';
import { getProjectPlanFamily, reactivateProject, stopProjectBilling, switchPlan } from './plans.js';
import { deleteProject, setDefaultConfigs } from './project-admin.js';
import { changeProjectStatus } from './status.js';

const tags = ['project billing'];
const write = { access: 'business.write' } as const;
const read = { access: 'business.read' } as const;
// The spec's {partnerId} in paths is ignored (even the literal ':partnerId'): the partner is the session's.
const ProjectPath = z.object({ partnerId: z.string(), projectId: z.string() });
const IdPath = z.object({ partnerId: z.string(), id: z.string() });
/** Every call that moves money takes an Idempotency-Key (billing/idempotency.ts); an empty one is none. */
const keyOf = (request: { headers: { 'idempotency-key'?: string } }) => request.headers['idempotency-key'] || undefined;

export const projectBillingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const billing = '/partner/:partnerId/project/:projectId/billing';

    app.patch(
      `${billing}/wcc`,
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          headers: IdempotencyKeyHeader,
          body: CreditRequest,
          response: { 200: CreditResponse },
        },
      },
      async (request) => {
        const { credit } = await changeProjectCredit(deps, {
          by: agentOf(request),
          projectId: request.params.projectId,
          kind: 'WCC',
          ...request.body,
          idempotencyKey: keyOf(request),
        });
        return { credit, message: texts.wccUpdated };
      },
    );

    app.patch(
      `${billing}/pwc`,
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          headers: IdempotencyKeyHeader,
          body: CreditRequest,
          response: { 200: PartnerCreditResponse },
        },
      },
      async (request) => {
        const { credit } = await changeProjectCredit(deps, {
          by: agentOf(request),
          projectId: request.params.projectId,
          kind: 'PWC',
          ...request.body,
          idempotencyKey: keyOf(request),
        });
        // `credit` as its siblings answer (doc 3), `partner_credit` as doc 2 says the console reads it.
        return { credit, partner_credit: credit, message: texts.partnerCreditUpdated };
      },
    );

    app.patch(
      `${billing}/adCredit`,
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          headers: IdempotencyKeyHeader,
          body: AdCreditRequest,
          response: { 200: CreditResponse },
        },
      },
      async (request) => {
        const { credit } = await changeProjectCredit(deps, {
          by: agentOf(request),
          projectId: request.params.projectId,
          kind: 'AD_CREDIT',
          ...request.body,
          idempotencyKey: keyOf(request),
        });
        return { credit, message: texts.adCreditUpdated };
      },
    );

    app.patch(
      `${billing}/switch-plan`,
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          headers: IdempotencyKeyHeader,
          body: SwitchPlanRequest,
          response: { 200: ProjectActionMessage },
        },
      },
      (request) => switchPlan(deps, agentOf(request), request.params.projectId, request.body, keyOf(request)),
    );

    app.patch(
      `${billing}/reactivate-project`,
      {
        config: write,
        schema: {
          tags,
          params: ProjectPath,
          headers: IdempotencyKeyHeader,
          body: ReactivateProjectRequest,
          response: { 200: ProjectActionMessage },
        },
      },
      (request) => reactivateProject(deps, agentOf(request), request.params.projectId, request.body, keyOf(request)),
    );

    app.patch(
      '/partner/:partnerId/stop-project-billing/:projectId',
      {
        config: write,
        schema: { tags, params: ProjectPath, body: z.object({}).nullish(), response: { 200: ProjectActionMessage } },
      },
      (request) => stopProjectBilling(deps, agentOf(request), request.params.projectId),
    );

    app.patch(
      '/api/update-project-wcc-plan',
      { config: write, schema: { tags, body: UpdateWccPlanRequest, response: { 200: ProjectActionMessage } } },
      (request) => changeWccPlan(deps, agentOf(request), request.body),
    );

    app.patch(
      '/api/whatsapp-payments-plans/set-plan',
      { config: write, schema: { tags, body: SetPaymentPlanRequest, response: { 200: ProjectActionMessage } } },
      (request) => setPaymentPlan(deps, agentOf(request), request.body),
    );

    app.get(
      '/api/get-partner-plan-family/:projectId',
      {
        config: read,
        schema: { tags, params: z.object({ projectId: z.string() }), response: { 200: ProjectPlanFamilyResponse } },
      },
      (request) => getProjectPlanFamily(deps, agentOf(request).partnerId, request.params.projectId),
    );

    app.post(
      '/api/delete-project/:id',
      {
        config: write,
        schema: {
          tags,
          params: z.object({ id: z.string() }),
          body: z.object({}).nullish(),
          response: { 200: DeleteProjectResponse },
        },
      },
      (request) => deleteProject(deps, agentOf(request), request.params.id),
    );

    app.put(
      '/api/change-project-status',
      { config: write, schema: { tags, body: ChangeProjectStatusRequest, response: { 200: ProjectActionMessage } } },
      (request) => changeProjectStatus(deps, agentOf(request), request.body),
    );

    app.post(
      '/api/set-default-configs',
      { config: write, schema: { tags, body: SetDefaultConfigsRequest, response: { 200: ProjectActionMessage } } },
      (request) => setDefaultConfigs(deps, agentOf(request), request.body),
    );

    const addon = '/partner/:partnerId/project/:id/addon';
    app.post(
      addon,
      {
        config: write,
        schema: {
          tags,
          params: IdPath,
          headers: IdempotencyKeyHeader,
          body: AddonRequest,
          response: { 200: AddonResponse },
        },
      },
      (request) => activateAddon(deps, agentOf(request), request.params.id, request.body, keyOf(request)),
    );
    app.patch(
      addon,
      {
        config: write,
        schema: {
          tags,
          params: IdPath,
          headers: IdempotencyKeyHeader,
          body: AddonRequest,
          response: { 200: AddonResponse },
        },
      },
      (request) => modifyAddon(deps, agentOf(request), request.params.id, request.body, keyOf(request)),
    );
    app.delete(
      addon,
      { config: write, schema: { tags, params: IdPath, body: RemoveAddonRequest, response: { 200: AddonResponse } } },
      (request) => removeAddon(deps, agentOf(request), request.params.id, request.body.addon),
    );
  };
