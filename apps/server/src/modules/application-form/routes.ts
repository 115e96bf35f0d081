import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicationForm, ApplicationFormConfig, SubmitApplicationFormResponse } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { adminOf, agentOf } from '../../platform/access/access.js';
import { applicationFormConfig, saveApplicationFormConfig } from './config.js';
import { submitApplicationForm } from './submit.js';

const tags = ['application-form'];

/** The application form (doc 2 sections 2.5, 5.6, 7.8): its configuration and its submission. */
export const applicationFormRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/partner/:partnerId/application-form-config',
      {
        config: { access: 'business.read' },
        schema: { tags, params: z.object({ partnerId: z.string() }), response: { 200: ApplicationFormConfig } },
      },
      () => applicationFormConfig(deps.db, deps.env.publicUrl),
    );

    app.post(
      '/partner/:partnerId/project/:projectId/application-form',
      {
        config: { access: 'business.write' },
        schema: {
          tags,
          params: z.object({ partnerId: z.string(), projectId: z.string().max(100) }),
          body: ApplicationForm,
          response: { 200: SubmitApplicationFormResponse },
        },
      },
      (request) => submitApplicationForm(deps, agentOf(request), request.params.projectId, request.body),
    );

    app.get(
      '/superadmin/application-form-config',
      { config: { access: 'superadmin' }, schema: { tags, response: { 200: ApplicationFormConfig } } },
      () => applicationFormConfig(deps.db, deps.env.publicUrl),
    );

    app.put(
      '/superadmin/application-form-config',
      {
        config: { access: 'superadmin' },
        schema: { tags, body: ApplicationFormConfig, response: { 200: ApplicationFormConfig } },
      },
      (request) => saveApplicationFormConfig(deps, adminOf(request), request.body),
    );
  };
