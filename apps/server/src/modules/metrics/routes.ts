import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { notFound, unauthenticated } from '../../platform/errors/app-error.js';
import { renderProductCounters } from '../../platform/metrics/counters.js';
import { scrapeGauges } from '../../platform/metrics/gauges.js';
import type { HttpMetrics } from '../../platform/metrics/http.js';
import { PROMETHEUS_CONTENT_TYPE } from '../../platform/metrics/registry.js';

export const METRICS_TOKEN_REFUSED = 'A valid metrics token is required (Authorization: Bearer METRICS_TOKEN).';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus's text format, on when METRICS_TOKEN is set (docs/operations.md).
 * The console and its API share one public port, and the figures (routes' traffic, queues, money
 * counts) are not for everyone: the scraper sends the token as a bearer. Off, it is a 404 like any
 * unknown API path (never the console's page).
 */
export const metricsRoutes =
  (deps: Deps, http: HttpMetrics | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    const expected = deps.env.METRICS_TOKEN ? digest(deps.env.METRICS_TOKEN) : undefined;
    app.get(
      '/metrics',
      {
        config: { access: 'public' },
        schema: {
          tags: ['health'],
          summary: 'Prometheus metrics (text format); on with METRICS_TOKEN, sent as a bearer token',
        },
      },
      async (request, reply) => {
        if (!expected || !http) throw notFound();
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (!given || !timingSafeEqual(digest(given), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw unauthenticated(METRICS_TOKEN_REFUSED);
        }
        const body = http.render() + renderProductCounters() + (await scrapeGauges(deps.db, deps.now()));
        return reply.type(PROMETHEUS_CONTENT_TYPE).header('cache-control', 'no-store').send(body);
      },
    );
  };
