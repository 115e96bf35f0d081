import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageBody, ProjectIdParams, RenewPlanRequest } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf } from '../../platform/access/access.js';
import { renewPlanAsStaff } from './staff.js';

export const renewalRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/superadmin/projects/:id/renew-plan',
      {
        config: { access: 'superadmin' },
        schema: {
          tags: ['superadmin'],
          summary: "Renew a monthly v3 project's plan for its next period (charged to the partner's central balance)",
          params: ProjectIdParams,
          body: RenewPlanRequest,
          response: { 200: MessageBody },
        },
      },
      (request) => renewPlanAsStaff(deps, adminOf(request), request.params.id),
    );
  };
