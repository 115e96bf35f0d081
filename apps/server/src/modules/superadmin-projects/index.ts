import type { Deps } from '../../deps.js';
import type { TemplatesModule } from '../templates/index.js';
import { secretBox } from '../webhooks/secret.js';
import { superadminProjectRoutes } from './routes.js';

/** The super-admin's project list and project screen, with the templates module's staff calls. */
export const superadminProjectsModule = (deps: Deps, templates: Pick<TemplatesModule, 'staff'>) =>
  superadminProjectRoutes({ ...deps, apiKeys: secretBox(deps.env, 'provider-api-keys'), templates: templates.staff });
