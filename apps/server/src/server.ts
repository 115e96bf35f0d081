import path from 'node:path';
import type { Env } from './env.js';
import { buildApp } from './app.js';
import type { Logger } from 'pino';
import type { Database } from './platform/db/open.js';
import { migrateWhenBehind } from './platform/db/migrations-applied.js';
import { createTokenService, loadTokenSecret } from './platform/auth/tokens.js';
import { createMailProvider } from './providers/mail/create.js';
import { startAttemptSweeper } from './modules/auth/attempt-sweeper.js';
import { startJobRunner } from './platform/jobs/start-runner.js';
import { closeHttp, gracefulStop } from './platform/shutdown.js';
import { ensureOnboardingCheckScheduled } from './modules/onboarding/index.js';
import { ensureProjectApiPruneScheduled } from './modules/project-api/index.js';
import { ensureSignupSweepScheduled } from './modules/embedded-signup/index.js';
import { ensureWebhookPruneScheduled } from './modules/webhooks/delivery/index.js';
import { openSignupPages } from './modules/embedded-signup/queries.js';
import { seedDemoOnStart } from './seed/start.js';
import { startBlockLines } from './start-block.js';
import { startUpJobsDone } from './start-settled.js';
import { ensureAdsSyncScheduled } from './modules/meta-ads/index.js';
import { ensureRenewalsScheduled } from './modules/renewals/index.js';
import { ensureWalletCheckScheduled } from './modules/wallet/index.js';
import { ensureBannerCheckScheduled } from './modules/notifications/index.js';
import { ensureRateCardsScheduled } from './modules/rate-cards/index.js';
import { ensureRazorpayRefreshesScheduled } from './modules/payment-gateway/index.js';

/**
 * The server process, started by main.ts on the database it is opening: migrates it when a
 * migration is missing, seeds the demo on an empty one, serves the console and the API on one port,
 * runs the jobs, and stops gracefully on SIGINT or SIGTERM. What only some starts need (the demo
 * seed, the scale seed, the traffic simulator) is loaded by those starts alone.
 */
export const startServer = async ({ env, log, opening }: { env: Env; log: Logger; opening: Promise<Database> }) => {
  const database = await opening;
  // Every start but the first after an upgrade finds the database migrated: one query says so, where
  // drizzle's migrator reads and hashes every migration file first (docs/benchmarks.md, "Cold start").
  // On Citus, a table not placed yet (a database made a coordinator in place) migrates it too.
  await migrateWhenBehind(database);
  // A secret generated into DATA_DIR is this host's alone: other processes on the database would refuse
  // its sessions and could not open what it sealed (docs/scaling-out.md).
  if (database.kind === 'postgres' && !env.TOKEN_SECRET)
    log.warn(
      'TOKEN_SECRET is not set: this process signs with the secret in its DATA_DIR; give every process the same TOKEN_SECRET',
    );
  const deps = {
    db: database.db,
    env,
    tokens: createTokenService(loadTokenSecret(env.TOKEN_SECRET, env.DATA_DIR)),
    mail: createMailProvider(env, (line) => log.info(line)),
    now: () => new Date(),
  };
  // On an empty database only: the demo's dates are relative to this start (seed/start-options.ts).
  const seedStarted = performance.now();
  const seeded = env.seedDemo
    ? await seedDemoOnStart(deps.db, env, deps.now, () =>
        log.info(
          'Empty database: seeding the demo world (once: about 10 s, longer on a busy machine; later starts skip it)',
        ),
      )
    : null;
  if (seeded?.created) log.info(`Demo seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  if (seeded?.created && env.SEED_SCALE_PROJECTS > 0) {
    const { seedScaleUnderDemo } = await import('./seed/scale.js');
    log.info({ scaleSeed: await seedScaleUnderDemo(deps.db, env.SEED_SCALE_PROJECTS) }, 'Scale seed added');
  }
  const app = await buildApp(deps, { logger: log });
  // Fastify's "Server listening at" line names the address bound (loopback unless HOST says otherwise).
  await app.listen({ port: env.PORT, host: env.HOST });
  const signupPages = seeded ? await openSignupPages(deps.db) : [];

  // The sandbox's message traffic (docs/charging.md): off unless TRAFFIC_SIMULATOR=on.
  const stopTraffic = env.TRAFFIC_SIMULATOR
    ? (await import('./modules/charging/simulator.js')).startTrafficSimulator(
        deps.db,
        deps.now,
        env.TRAFFIC_SIMULATOR_INTERVAL_MS,
        (line) => app.log.info(line),
      )
    : undefined;

  // Sign-in and reset-mail counters whose window ended are deleted now and then.
  const stopSweeper = startAttemptSweeper(deps, (error) =>
    log.warn({ err: error }, 'sweeping ended attempt counters failed'),
  );

  // The jobs table's work (webhook deliveries, the sandbox Meta's template reviews, mails ...); a failed job is retried with backoff.
  await ensureWebhookPruneScheduled(deps.db, deps.now());
  await ensureProjectApiPruneScheduled(deps.db, deps.now());
  // Sign-ups that never verified, cleared once their token has expired (modules/embedded-signup).
  await ensureSignupSweepScheduled(deps.db, deps.now());
  await ensureOnboardingCheckScheduled(deps.db, deps.now());
  await ensureAdsSyncScheduled(deps.db, deps.now());
  // Plans, add-ons and partnership fees that are due, charged now and every RENEWALS_MINUTES (modules/renewals).
  await ensureRenewalsScheduled(deps.db, deps.now());
  // The partners' wallet warning levels, checked now and every WALLET_CHECK_MINUTES (modules/wallet).
  await ensureWalletCheckScheduled(deps.db, deps.now());
  // The banners of a state (renewal due, low balance) told to the bell once each (modules/notifications).
  await ensureBannerCheckScheduled(deps.db, deps.now());
  // Every scheduled rate card's apply job, due at its instant (modules/rate-cards).
  await ensureRateCardsScheduled(deps.db);
  // Each Razorpay connection's access token refresh, a week before it ends (modules/payment-gateway).
  await ensureRazorpayRefreshesScheduled(deps.db, deps.now());
  const jobs = startJobRunner(deps.db, app.jobHandlers, deps.now, {
    everyMs: env.JOBS_POLL_MS,
    concurrency: env.JOBS_CONCURRENCY,
    leaseMs: env.JOBS_LEASE_MS,
    onError: (job, error) => log.warn({ err: error, job: job && { id: job.id, kind: job.kind } }, 'a job failed'),
  });

  // Graceful shutdown (docs/operations.md): no new requests (the listener closes; a request on a kept-alive
  // connection is answered 503) and no new jobs, while the requests and jobs under way finish, for at most
  // SHUTDOWN_TIMEOUT_MS; then the database is closed, and a last line says the server has stopped.
  const stop = gracefulStop({
    log,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    before: stopSweeper,
    drains: [
      { name: 'requests', stop: () => closeHttp(app) },
      { name: 'jobs', stop: () => jobs.stop() },
      { name: 'traffic simulator', stop: async () => stopTraffic?.() },
    ],
    closeDatabase: () => database.close(),
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      stopping = true;
      void stop(signal);
    });

  // The block a start ends with (the URL, the API docs, the demo's sign-ins), once the start-up's own
  // work is done (the demo's first mails and webhook deliveries), so that its lines do not scroll it away.
  await startUpJobsDone(deps.db, deps.now);
  if (stopping) return;
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = startBlockLines({
    url,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL,
    database: database.kind === 'pglite' ? `embedded, in ${path.resolve(env.DATA_DIR)}` : 'PostgreSQL',
    demo: seeded ? { ...seeded, signupPages } : undefined,
  });
  log.info({ url, lines }, `Partner Console is ready at ${url}`);
};
