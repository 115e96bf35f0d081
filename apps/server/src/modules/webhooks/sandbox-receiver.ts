import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Env } from '../../env.js';

/**
 * The sandbox's webhook receiver: an endpoint of this server a demo webhook can point at, so the
 * delivery log shows real deliveries without a receiver of one's own (ARCHITECTURE rule 15). Its
 * last segment says how it answers: `ok` 200; `flaky` 503 with Retry-After on an event's first
 * attempt, then 200; `down` 503 always; `gone` 410 (the webhook is disabled). It keeps nothing
 * but the flaky counts, in memory.
 */
export const SANDBOX_RECEIVER_PATH = '/sandbox/webhook-receiver';
const modes = ['ok', 'flaky', 'down', 'gone'] as const;

/**
 * This server's own receiver, whatever the private-address rule says: the demo runs on localhost,
 * and the receiver only answers. The path is compared after the URL parser resolved any '..'.
 */
export const isSandboxReceiverUrl = (env: Pick<Env, 'publicUrl'>, url: string): boolean => {
  try {
    const parsed = new URL(url.trim());
    return (
      parsed.origin === new URL(env.publicUrl).origin &&
      modes.some((m) => parsed.pathname === `${SANDBOX_RECEIVER_PATH}/${m}`) &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
};

const FLAKY_MEMORY = 10_000;

export const sandboxReceiverRoutes = (): FastifyPluginAsyncZod => async (app) => {
  const seen = new Set<string>();
  app.post(
    `${SANDBOX_RECEIVER_PATH}/:mode`,
    {
      // The demo's webhooks deliver here from this same server: logged at debug (platform/http/logging.ts).
      config: { access: 'public', selfTraffic: true },
      schema: { tags: ['sandbox'], params: z.object({ mode: z.enum(modes) }) },
    },
    async (request, reply) => {
      const id = String(request.headers['webhook-id'] ?? '');
      switch (request.params.mode) {
        case 'ok':
          return reply.send({ received: true });
        case 'gone':
          return reply.status(410).send({ message: 'This endpoint is gone' });
        case 'down':
          return reply.status(503).send({ message: 'Receiver unavailable' });
        case 'flaky':
          if (id && !seen.has(id)) {
            if (seen.size >= FLAKY_MEMORY) seen.clear();
            seen.add(id);
            return reply.status(503).header('retry-after', '10').send({ message: 'Busy, try again shortly' });
          }
          return reply.send({ received: true });
      }
    },
  );
};
