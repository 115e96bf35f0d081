import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@pc/contract';
import type { Deps } from './deps.js';
import { enforceAccess, type AccessRow } from './platform/access/access.js';
import { bearerViewer } from './platform/auth/viewer.js';
import { registerErrorMapper } from './platform/errors/error-mapper.js';
import { rejectNulText } from './platform/http/text-guard.js';
import { zodSchemaController } from './platform/http/zod-compilers.js';
import { securityHeaders } from './platform/http/csp.js';
import { webCacheControl } from './platform/http/web-cache.js';
import { sendConsolePage } from './platform/http/web-pages.js';
import { uploadOrigins } from './providers/storage/create.js';
import { limitPublicRoutes } from './platform/http/rate-limit.js';
import { answerRequestId, logViewer, OneLinePerRequest, requestIdOptions } from './platform/http/logging.js';
import { compressJson } from './platform/http/compress-json.js';
import { openApiOptions } from './platform/http/openapi.js';
import { adminRoutes } from './modules/admin/routes.js';
import { activityRoutes } from './modules/activity/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { metaDeliveriesRoutes } from './modules/meta-deliveries/routes.js';
import { superadminPartnersModule } from './modules/superadmin-partners/index.js';
import { superadminProjectsModule } from './modules/superadmin-projects/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { marginRoutes } from './modules/margins/routes.js';
import { riskRoutes } from './modules/risk/routes.js';
import { chargingRoutes } from './modules/charging/routes.js';
import { billingsRoutes } from './modules/billings/routes.js';
import { businessRoutes } from './modules/businesses/routes.js';
import { planRoutes } from './modules/plans/routes.js';
import { pricingRoutes } from './modules/pricing/routes.js';
import { partnerConfigRoutes } from './modules/partner-config/routes.js';
import { paymentGatewayModule } from './modules/payment-gateway/index.js';
import { addonPlanRoutes } from './modules/addon-plans/routes.js';
import { projectsModule } from './modules/projects/index.js';
import { profileRoutes } from './modules/profile/routes.js';
import { projectListRoutes } from './modules/project-list/routes.js';
import { projectBillingRoutes } from './modules/project-billing/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { metricsRoutes } from './modules/metrics/routes.js';
import { countHttpRequests } from './platform/metrics/http.js';
import { admissionServer } from './platform/http/admission.js';
import { rolesRoutes } from './modules/roles/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { teamRoutes } from './modules/team/routes.js';
import { tenantRoutes } from './modules/tenant/routes.js';
import { templatesModule } from './modules/templates/index.js';
import { accountEventsModule } from './modules/account-events/index.js';
import { webhooksModule } from './modules/webhooks/index.js';
import { privateAppModule } from './modules/private-app/index.js';
import { webhookDeliveryModule } from './modules/webhooks/delivery/index.js';
import { applicationFormRoutes } from './modules/application-form/routes.js';
import { onboardingModule } from './modules/onboarding/index.js';
import { embeddedSignupModule, sweepUnverifiedJobs } from './modules/embedded-signup/index.js';
import { metaAdsModule } from './modules/meta-ads/index.js';
import { metaLinksModule } from './modules/meta-links/index.js';
import { pageAssetRoutes } from './platform/http/page-assets.js';
import { sandboxChatWidgetRoutes } from './providers/chat-widget/sandbox.js';
import { renewalsModule } from './modules/renewals/index.js';
import { walletModule } from './modules/wallet/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { supportTicketsModule } from './modules/support-tickets/index.js';
import { rateCardsModule } from './modules/rate-cards/index.js';
import { PROJECT_API_SECURITY_SCHEMES, projectApiModule } from './modules/project-api/index.js';
import type { JobHandlers } from './platform/jobs/job.js';

const brandAssets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/brand');
const sampleAssets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/samples');
const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
/** Paths of the API, never a page: an unknown one is a JSON 404 (ARCHITECTURE rule 1), whatever the method. */
const API_PREFIXES = [
  '/api/',
  '/auth/',
  '/superadmin/',
  '/partner/',
  '/project/',
  '/docs',
  '/brand/',
  '/samples/',
  '/platform/',
  '/razorpay/',
];

/** The API paths that reach the database: the ones admission control counts (not the docs, the brand's and samples' files). */
const COUNTED_PREFIXES = API_PREFIXES.filter((prefix) => !['/docs', '/brand/', '/samples/'].includes(prefix)).concat(
  '/meta-ads/',
  '/sandbox/',
);

/** The app, its route -> access table (for the snapshot) and the background work its modules hand the jobs table. */
export type App = FastifyInstance & { accessTable: AccessRow[]; jobHandlers: JobHandlers };

/** Without a logger (tests) nothing is logged; main.ts passes the server's one logger (platform/http/logging.ts). */
export const buildApp = async (deps: Deps, opts: { logger?: FastifyBaseLogger } = {}): Promise<App> => {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger, logController: new OneLinePerRequest() } : { logger: false }),
    ...requestIdOptions,
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    schemaController: zodSchemaController,
    // A request past MAX_REQUESTS_IN_FLIGHT is answered 503 at the door (platform/http/admission.ts).
    serverFactory: admissionServer(
      deps.env.MAX_REQUESTS_IN_FLIGHT,
      (url) => COUNTED_PREFIXES.some((prefix) => url.startsWith(prefix)),
      () => opts.logger,
    ),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before the routes: the hook reaches the scopes made after it (docs/operations.md).
  const httpMetrics = deps.env.METRICS_TOKEN ? countHttpRequests(app) : undefined;
  app.decorateRequest('viewer', null);
  answerRequestId(app);
  registerErrorMapper(app);
  rejectNulText(app);
  compressJson(app);

  // The CSP and frame options are ours (platform/http/csp.ts): they depend on the page, the chat widget and the storage.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, frameguard: false });
  // With the real Meta the sign-up page logs in through Facebook's JS SDK.
  securityHeaders(app, deps.env.CHAT_WIDGET_SCRIPT_URL, await uploadOrigins(deps.env), deps.env.META_MODE === 'live');
  // The document at /docs/json, the one the partners' client (packages/client) is generated from.
  await app.register(swagger, openApiOptions(PROJECT_API_SECURITY_SCHEMES));
  await app.register(swaggerUi, { routePrefix: '/docs' });

  const limits = await limitPublicRoutes(app, deps.env);
  limits.prefix('/brand/');
  limits.prefix('/samples/');
  const accessTable: AccessRow[] = [];
  const accountEvents = accountEventsModule(deps);
  const templates = templatesModule(deps, accountEvents.receive);
  const webhookDelivery = webhookDeliveryModule(deps);
  const projectApi = projectApiModule(deps);
  const onboarding = onboardingModule(deps);
  const metaAds = metaAdsModule(deps);
  const renewals = renewalsModule(deps);
  const wallet = walletModule(deps);
  const notifications = notificationsModule(deps);
  const supportTickets = supportTicketsModule(deps);
  const rateCards = rateCardsModule(deps);
  const paymentGateway = paymentGatewayModule(deps);
  await app.register(async (scope) => {
    limits.publicRoutesOf(scope);
    enforceAccess(
      scope,
      bearerViewer(deps.db, deps.tokens, deps.now, deps.env.VIEWER_CACHE_MS),
      accessTable,
      logViewer,
    );
    for (const routes of [
      authRoutes,
      ssoRoutes,
      tenantRoutes,
      profileRoutes,
      rolesRoutes,
      teamRoutes,
      adminRoutes,
      auditRoutes,
      activityRoutes,
      metaDeliveriesRoutes,
      businessRoutes,
      planRoutes,
      pricingRoutes,
      partnerConfigRoutes,
      addonPlanRoutes,
    ])
      await scope.register(routes(deps));
    await scope.register(projectBillingRoutes(deps));
    await scope.register(superadminPartnersModule(deps));
    await scope.register(superadminProjectsModule(deps, templates));
    await scope.register(billingsRoutes(deps));
    await scope.register(projectListRoutes(deps));
    await scope.register(dashboardRoutes(deps));
    await scope.register(analyticsRoutes(deps));
    await scope.register(marginRoutes(deps));
    await scope.register(riskRoutes(deps));
    await scope.register(projectsModule(deps));
    await scope.register(chargingRoutes(deps));
    await scope.register(reportRoutes(deps));
    await scope.register(healthRoutes(deps));
    await scope.register(metricsRoutes(deps, httpMetrics));
    await scope.register(paymentGateway.routes);
    await scope.register(templates.routes);
    await scope.register(webhooksModule(deps).routes);
    await scope.register(webhookDelivery.routes);
    await scope.register(privateAppModule(deps).routes);
    await scope.register(projectApi.routes);
    await scope.register(onboarding.routes);
    await scope.register(applicationFormRoutes(deps));
    await scope.register(embeddedSignupModule(deps, projectApi, accountEvents.receive));
    await scope.register(metaAds.routes);
    await scope.register(metaLinksModule(deps, metaAds.connectByLink));
    await scope.register(pageAssetRoutes(deps.env.META_MODE === 'sandbox'));
    await scope.register(sandboxChatWidgetRoutes(deps.env));
    await scope.register(renewals.routes);
    await scope.register(wallet.routes);
    await scope.register(notifications.routes);
    await scope.register(supportTickets.routes);
    await scope.register(rateCards.routes);
  });

  // The demo partners' logos and favicons; a partner's own are URLs on its profile.
  await app.register(fastifyStatic, { root: brandAssets, prefix: '/brand/', decorateReply: false });
  // The application form's sample media (its default configuration's URLs), public: whoever reviews a
  // submitted form fetches them, from any origin. Only the media: the script that made them stays unserved.
  await app.register(fastifyStatic, {
    root: sampleAssets,
    prefix: '/samples/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/sample-[a-z]+\.(?:jpg|mp4|pdf)$/.test(pathName),
    setHeaders: (res) => res.setHeader('cross-origin-resource-policy', 'cross-origin'),
  });

  const webDist = deps.env.WEB_DIST ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt console is served without a restart.
  // The build writes .br and .gz beside each asset; the best the browser accepts is sent as it is.
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', webCacheControl(filePath));
        // The body depends on Accept-Encoding: shared caches must keep the variants apart.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  // '/' is a page like the others, sent with the chunks it loads first (web-pages.ts), not the bare file.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendConsolePage(reply, webDist, '/'));
  // The console is a single-page app: any other GET for a page gets index.html; the rest is a JSON 404.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (hasWeb && request.method === 'GET' && !API_PREFIXES.some((p) => url.startsWith(p)) && !path.extname(url)) {
      return sendConsolePage(reply, webDist, url);
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' } satisfies ErrorBody);
  });

  return Object.assign(app as unknown as FastifyInstance, {
    accessTable,
    jobHandlers: {
      ...templates.jobHandlers,
      ...accountEvents.jobHandlers,
      ...webhookDelivery.jobHandlers,
      ...projectApi.jobHandlers,
      ...onboarding.jobHandlers,
      ...metaAds.jobHandlers,
      ...renewals.jobHandlers,
      ...wallet.jobHandlers,
      ...notifications.jobHandlers,
      ...supportTickets.jobHandlers,
      ...rateCards.jobHandlers,
      ...paymentGateway.jobHandlers,
      ...sweepUnverifiedJobs(deps.db, deps.now),
    },
  });
};
