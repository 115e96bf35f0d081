import type { FastifyInstance } from 'fastify';
import { header, histogram, labelText } from './registry.js';

const LABELS = ['method', 'route', 'status_class'] as const;
// Seconds: from a cached page (a millisecond) to a report's export.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type HttpMetrics = { render: () => string };

/**
 * Counts every answer and its latency by method, route pattern (`/api/projects/:id`, never the
 * path itself, so the series stay few) and status class. Added to the root app before the routes
 * (a hook reaches the scopes made after it), and only when /metrics is on: off, it costs nothing.
 */
export const countHttpRequests = (app: FastifyInstance): HttpMetrics => {
  const latency = histogram(
    'http_request_duration_seconds',
    'Time from the request to its answer, by method, route pattern and status class.',
    LABELS,
    BUCKETS,
  );
  app.addHook('onResponse', (request, reply, done) => {
    latency.observe(
      [request.method, request.routeOptions.url ?? 'unmatched', `${Math.floor(reply.statusCode / 100)}xx`],
      reply.elapsedTime / 1000,
    );
    done();
  });
  return {
    render: () =>
      header('http_requests_total', 'Requests answered, by method, route pattern and status class.', 'counter') +
      latency
        .counts()
        .map((c) => `http_requests_total${labelText(LABELS, c.labels)} ${c.count}\n`)
        .join('') +
      latency.render(),
  };
};
