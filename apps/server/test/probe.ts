import Fastify from 'fastify';
import { sections, writableSections, type Access, type Permission } from '@pc/contract';
import type { App } from '../src/app.js';
import type { Deps } from '../src/deps.js';
import { enforceAccess, type AccessRow } from '../src/platform/access/access.js';
import { bearerViewer } from '../src/platform/auth/viewer.js';
import { registerErrorMapper } from '../src/platform/errors/error-mapper.js';

export const allPermissions: Permission[] = [
  ...sections.map((s) => `${s}.read` as const),
  ...writableSections.map((s) => `${s}.write` as const),
];

/** Every kind of access a route can declare. */
export const allAccesses: Access[] = ['public', 'authenticated', 'member', 'owner', 'superadmin', ...allPermissions];

/**
 * A small app on the same database and tokens as the one under test, with one route
 * `GET /probe/<access>` per kind of access, guarded exactly as the app's routes are. It shows
 * how each request is judged (e.g. by a role just changed) before any route needs that access.
 */
export const startProbeApp = async (deps: Deps): Promise<App> => {
  const app = Fastify();
  app.decorateRequest('viewer', null);
  registerErrorMapper(app);
  const accessTable: AccessRow[] = [];
  await app.register(async (scope) => {
    enforceAccess(scope, bearerViewer(deps.db, deps.tokens, deps.now), accessTable);
    for (const access of allAccesses) scope.get(`/probe/${access}`, { config: { access } }, async () => ({ ok: true }));
  });
  await app.ready();
  return Object.assign(app as unknown as App, { accessTable });
};

/** The status of a probe call for one access as the bearer of the token. */
export const probe = async (app: App, access: Access, token?: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/probe/${access}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).statusCode;
