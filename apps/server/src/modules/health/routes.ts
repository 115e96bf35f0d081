import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { migrationsApplied } from '../../platform/db/migrations-applied.js';
import { DATABASE_UNAVAILABLE } from '../../platform/errors/error-mapper.js';

/** Readiness while the database lacks a migration this build carries (another process is still migrating it). */
export const MIGRATIONS_PENDING = 'The database is not migrated to this version yet.';

const tags = ['health'];
const Health = z.object({ status: z.enum(['ok', 'ready', 'not ready']), message: z.string().optional() });
const READY_TIMEOUT_MS = 2000;

/** Probes for a process manager or load balancer; not limited, they carry no data. */
export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Alive: the process answers. A database outage must not get it restarted.
    app.get(
      '/healthz',
      { config: { access: 'public', publicLimit: 'none' }, schema: { tags, response: { 200: Health } } },
      async () => ({ status: 'ok' as const }),
    );

    // Ready: the database answers, with every migration this build carries applied; until then,
    // traffic should go elsewhere.
    app.get(
      '/readyz',
      { config: { access: 'public', publicLimit: 'none' }, schema: { tags, response: { 200: Health, 503: Health } } },
      async (_request, reply) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
        });
        try {
          await Promise.race([deps.db.execute(sql`select 1`), timeout]);
          if (!(await Promise.race([migrationsApplied(deps.db), timeout]))) {
            return reply
              .status(503)
              .header('retry-after', '5')
              .send({ status: 'not ready', message: MIGRATIONS_PENDING });
          }
          return { status: 'ready' as const };
        } catch {
          return reply
            .status(503)
            .header('retry-after', '5')
            .send({ status: 'not ready', message: DATABASE_UNAVAILABLE });
        } finally {
          clearTimeout(timer);
        }
      },
    );
  };
