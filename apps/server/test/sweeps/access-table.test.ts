import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceAccess, type AccessRow } from '../../src/platform/access/access.js';
import { startTestApp, type TestContext } from '../harness.js';

let t: TestContext;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  await t.app.ready(); // routes, and so the table, are registered when the app gets ready
});
afterAll(() => t.close());

describe('the route -> access table', () => {
  // A change here is a change of who may do what: review it as a security change.
  it('is exactly this', () => {
    const table = [...t.app.accessTable]
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
      .map((r) => `${r.method.padEnd(6)} ${r.url.padEnd(40)} ${r.access}`);
    expect(table).toMatchInlineSnapshot(`
      [
        "GET    /api/:partnerId/embed/signup             public",
        "POST   /api/:partnerId/embed/signup             public",
        "GET    /api/:partnerId/get-partner-logos        public",
        "GET    /api/:partnerId/partnerbilling-lists/:billingId billings.read",
        "GET    /api/:userId/template-detials/:templateId business.read",
        "GET    /api/activity-log                        activity.read",
        "GET    /api/aisensy-addon-plans                 manage.read",
        "GET    /api/aisensy-whatsapp-payments-plans     plans.read",
        "GET    /api/allbusiness-lists                   business.read",
        "GET    /api/app-config                          public",
        "POST   /api/business-counts                     business.read",
        "POST   /api/business-lists                      business.read",
        "POST   /api/business-projects                   business.read",
        "PUT    /api/change-project-status               business.write",
        "POST   /api/create-partner-agent                owner",
        "POST   /api/create-partner-plan-family          plans.write",
        "POST   /api/create-partner-wcc-plan             plans.write",
        "POST   /api/create-role                         owner",
        "GET    /api/dashboard-summary                   dashboard.read",
        "GET    /api/dashboard-usage                     dashboard.read",
        "POST   /api/delete-business/:id                 business.write",
        "POST   /api/delete-project/:id                  business.write",
        "PATCH  /api/direct-api-partner/profile          business.write",
        "GET    /api/direct-api-partner/profile/:projectId business.read",
        "POST   /api/direct-api-partner/templates        business.write",
        "POST   /api/direct-api-partner/templates/project/:projectId business.read",
        "POST   /api/direct-api-partner/templates/search business.read",
        "POST   /api/disable-partner-agent               owner",
        "POST   /api/edit-role                           owner",
        "POST   /api/embed/signup/otp                    public",
        "GET    /api/embed/signup/sandbox-phone          public",
        "GET    /api/embed/signup/session                public",
        "POST   /api/embed/signup/test-message           public",
        "POST   /api/embed/signup/verify-otp             public",
        "POST   /api/fetch-partner-agents                owner",
        "POST   /api/fetch-partner-razorpay-profile      manage.read",
        "GET    /api/files/:fileId                       public",
        "POST   /api/generate-connect-ads-link           business.write",
        "POST   /api/generate-connect-catalog-link/      business.write",
        "POST   /api/generate-waba-link/                 business.write",
        "POST   /api/generate-waba-migration-link/       business.write",
        "GET    /api/get-aisensy-plan-family-pricing/:projectId plans.read",
        "GET    /api/get-aisensy-wcc-pricing/:placeholder plans.read",
        "GET    /api/get-all-roles                       owner",
        "GET    /api/get-business-details/:businessId    business.read",
        "GET    /api/get-partner-plan-families           business.read",
        "GET    /api/get-partner-plan-family/:projectId  business.read",
        "GET    /api/get-partner-wcc-plans               business.read",
        "GET    /api/get-phone-details/:projectId        business.read",
        "POST   /api/get-profile                         member",
        "GET    /api/get-profile-color                   manage.read",
        "GET    /api/get-project/:projectId              business.read",
        "POST   /api/get-tenant-profile                  public",
        "POST   /api/get-upload-url                      business.write",
        "GET    /api/margins                             billings.read",
        "POST   /api/margins/report                      billings.read",
        "GET    /api/me                                  authenticated",
        "POST   /api/meta-ad-acccount-lists              business.read",
        "POST   /api/meta-ad-account-counts              business.read",
        "POST   /api/meta-ad-counts                      business.read",
        "POST   /api/meta-ad-lists                       business.read",
        "POST   /api/modify-partner-agent                owner",
        "GET    /api/notifications                       member",
        "POST   /api/notifications/:id/read              member",
        "GET    /api/notifications/preferences           member",
        "PUT    /api/notifications/preferences           member",
        "POST   /api/notifications/read-all              member",
        "GET    /api/notifications/unread                member",
        "POST   /api/partner-billing-activity-lists      billings.read",
        "GET    /api/partner-name/:assistantId           billings.read",
        "GET    /api/partner-referral-allbusiness-lists  business.read",
        "POST   /api/partner-referral-business-lists     business.read",
        "POST   /api/partner-referral-project-counts     business.read",
        "POST   /api/partner-referral-project-lists      business.read",
        "PATCH  /api/profile-update                      owner",
        "POST   /api/project-counts                      business.read",
        "POST   /api/project-lists                       business.read",
        "POST   /api/projects/:projectId/campaign-estimate business.read",
        "PUT    /api/rate-cards/:id/families/:familyId   plans.write",
        "GET    /api/rate-cards/upcoming                 plans.read",
        "POST   /api/reset-business-password             business.write",
        "GET    /api/risk                                business.read",
        "POST   /api/save-media-details                  business.write",
        "POST   /api/set-default-configs                 business.write",
        "GET    /api/sso-settings                        owner",
        "POST   /api/storage/upload                      public",
        "POST   /api/submit-facebook-access-token        public",
        "GET    /api/support-tickets                     business.read",
        "POST   /api/support-tickets                     business.write",
        "POST   /api/template-lists                      business.read",
        "POST   /api/update-addon-plan                   manage.write",
        "POST   /api/update-partner-billing-details      manage.write",
        "PATCH  /api/update-partner-config               manage.write",
        "PATCH  /api/update-partner-plan-families        plans.write",
        "PATCH  /api/update-partner-wcc-families         plans.write",
        "POST   /api/update-profile-color                manage.write",
        "PATCH  /api/update-project-agent-size           business.write",
        "PATCH  /api/update-project-wcc-plan             business.write",
        "POST   /api/v1/messages                         public",
        "GET    /api/v1/templates                        public",
        "GET    /api/wallet                              billings.read",
        "DELETE /api/wallet/projects/:projectId/threshold manage.write",
        "PUT    /api/wallet/projects/:projectId/threshold manage.write",
        "DELETE /api/wallet/threshold                    manage.write",
        "PUT    /api/wallet/threshold                    manage.write",
        "GET    /api/whatsapp-payments-plans             business.read",
        "POST   /api/whatsapp-payments-plans             plans.write",
        "PATCH  /api/whatsapp-payments-plans/:id         plans.write",
        "PATCH  /api/whatsapp-payments-plans/set-plan    business.write",
        "POST   /auth/login                              public",
        "POST   /auth/password-reset                     authenticated",
        "POST   /auth/send-password-reset-email          public",
        "POST   /auth/set-new-password                   public",
        "POST   /auth/sign-out                           authenticated",
        "GET    /auth/sso                                public",
        "GET    /healthz                                 public",
        "POST   /meta-ads/assign-ad-account              business.write",
        "POST   /meta-ads/assign-meta-page               business.write",
        "GET    /meta-ads/assistant/:assistantId         business.read",
        "POST   /meta-ads/fb-connect                     business.write",
        "POST   /meta-ads/fb-disconnect                  business.write",
        "POST   /meta-ads/fetch-ad-accounts              business.read",
        "POST   /meta-ads/fetch-pages                    business.read",
        "POST   /meta-ads/freeze-asset                   business.write",
        "POST   /meta-ads/select-ad-profile              business.write",
        "POST   /meta-ads/unfreeze-assets                business.write",
        "POST   /meta-ads/update-whatsapp-number         business.write",
        "POST   /meta-ads/updateMetaAdDetails            business.write",
        "GET    /metrics                                 public",
        "GET    /partner/:partnerId/application-form-config business.read",
        "POST   /partner/:partnerId/business/            business.write",
        "POST   /partner/:partnerId/business/:businessId/project business.write",
        "GET    /partner/:partnerId/business/:id         business.read",
        "PATCH  /partner/:partnerId/business/:id         business.write",
        "POST   /partner/:partnerId/business/:id/business-convo-report business.read",
        "POST   /partner/:partnerId/business/create      business.write",
        "GET    /partner/:partnerId/onboarding/:projectId business.read",
        "POST   /partner/:partnerId/partner-billing-report billings.read",
        "POST   /partner/:partnerId/partner-convo-report billings.read",
        "DELETE /partner/:partnerId/project/:id/addon    business.write",
        "PATCH  /partner/:partnerId/project/:id/addon    business.write",
        "POST   /partner/:partnerId/project/:id/addon    business.write",
        "PATCH  /partner/:partnerId/project/:projectId   business.write",
        "POST   /partner/:partnerId/project/:projectId/application-form business.write",
        "PATCH  /partner/:partnerId/project/:projectId/billing/adCredit business.write",
        "PATCH  /partner/:partnerId/project/:projectId/billing/pwc business.write",
        "PATCH  /partner/:partnerId/project/:projectId/billing/reactivate-project business.write",
        "PATCH  /partner/:partnerId/project/:projectId/billing/switch-plan business.write",
        "PATCH  /partner/:partnerId/project/:projectId/billing/wcc business.write",
        "PATCH  /partner/:partnerId/project/:projectId/migrate business.write",
        "POST   /partner/:partnerId/project/:projectId/project-convo-report business.read",
        "POST   /partner/:partnerId/projects-report      business.read",
        "POST   /partner/:partnerId/register-with-pin    business.write",
        "GET    /partner/:partnerId/sandbox-phone/:projectId business.read",
        "POST   /partner/:partnerId/sandbox-phone/:projectId/turn-off-two-step business.write",
        "PATCH  /partner/:partnerId/stop-project-billing/:projectId business.write",
        "POST   /partner/:partnerId/sync-channel-status  business.write",
        "POST   /partner/:partnerId/sync-templates       business.write",
        "POST   /partner/:partnerId/trigger-code         business.write",
        "POST   /partner/:partnerId/verify-code          business.write",
        "POST   /partner/:partnerId/waba-app-id-health-check business.write",
        "POST   /partner/:partnerId/waba-number-id-health-check business.write",
        "GET    /partner/:partnerId/wcc-analytics        dashboard.read",
        "GET    /partner/fetch-fbm-meta-info             business.read",
        "POST   /partner/submit-kyc                      business.write",
        "POST   /platform/message-events                 public",
        "GET    /platform/meta/link-callback             public",
        "GET    /platform/meta/webhook                   public",
        "POST   /platform/meta/webhook                   public",
        "POST   /platform/razorpay/webhook               public",
        "POST   /project/:projectId/get-upload-url       business.write",
        "GET    /project/:projectId/partner/webhook      business.read",
        "GET    /project/:projectId/private-app          business.read",
        "PATCH  /project/:projectId/private-app          business.write",
        "POST   /project/:projectId/private-app          business.write",
        "GET    /project/:projectId/template-lint-context business.read",
        "POST   /project/:projectId/update-business-profile business.write",
        "POST   /project/:projectId/wa_template          business.write",
        "PUT    /project/:projectId/wa_template/:templateId business.write",
        "POST   /project/:projectId/wa_template/draft    business.write",
        "DELETE /project/:projectId/wa_template/draft/:draftId business.write",
        "POST   /project/:projectId/webhook              business.write",
        "POST   /project/:projectId/webhook-secret       business.write",
        "DELETE /project/:projectId/webhook/:webhookId   business.write",
        "PATCH  /project/:projectId/webhook/:webhookId   business.write",
        "GET    /project/:projectId/webhook/:webhookId/deliveries business.read",
        "GET    /project/:projectId/webhook/:webhookId/deliveries/:deliveryId business.read",
        "POST   /project/:projectId/webhook/:webhookId/deliveries/:deliveryId/replay business.write",
        "POST   /project/:projectId/webhook/:webhookId/enable business.write",
        "POST   /project/:projectId/webhook/:webhookId/replay-failed business.write",
        "POST   /project/:projectId/webhook/:webhookId/secret business.write",
        "POST   /project/:projectId/webhook/:webhookId/test business.write",
        "GET    /project/:projectId/webhooks             business.read",
        "POST   /razorpay/partner/t1/authorize           manage.write",
        "POST   /razorpay/partner/t1/connect             manage.write",
        "POST   /razorpay/partner/t1/disconnect          manage.write",
        "GET    /readyz                                  public",
        "GET    /sandbox/chat-widget.js                  public",
        "GET    /sandbox/facebook/dialog/oauth           public",
        "POST   /sandbox/facebook/login                  public",
        "GET    /sandbox/meta/assets/:file               public",
        "GET    /sandbox/phone/:number                   public",
        "GET    /sandbox/razorpay/assets/:file           public",
        "GET    /sandbox/razorpay/authorize              public",
        "GET    /sandbox/razorpay/decide                 public",
        "POST   /sandbox/webhook-receiver/:mode          public",
        "GET    /superadmin/admins                       superadmin",
        "GET    /superadmin/application-form-config      superadmin",
        "PUT    /superadmin/application-form-config      superadmin",
        "POST   /superadmin/audit-log                    superadmin",
        "GET    /superadmin/catalogue                    superadmin",
        "PATCH  /superadmin/catalogue                    superadmin",
        "POST   /superadmin/get-credits-from-cache       superadmin",
        "GET    /superadmin/meta-deliveries              superadmin",
        "POST   /superadmin/migrate-all-templates        superadmin",
        "GET    /superadmin/partners                     superadmin",
        "POST   /superadmin/partners                     superadmin",
        "GET    /superadmin/partners/:id                 superadmin",
        "PATCH  /superadmin/partners/:id                 superadmin",
        "POST   /superadmin/partners/:id/billing-logs    superadmin",
        "POST   /superadmin/partners/:id/correction      superadmin",
        "PATCH  /superadmin/partners/:id/flags           superadmin",
        "POST   /superadmin/partners/:id/partnership-refund superadmin",
        "POST   /superadmin/partners/:id/recharge        superadmin",
        "POST   /superadmin/project-lists                superadmin",
        "GET    /superadmin/projects/:id                 superadmin",
        "PUT    /superadmin/projects/:id/api-key         superadmin",
        "PUT    /superadmin/projects/:id/app-name        superadmin",
        "PUT    /superadmin/projects/:id/plan            superadmin",
        "PUT    /superadmin/projects/:id/processed       superadmin",
        "POST   /superadmin/projects/:id/renew-plan      superadmin",
        "PUT    /superadmin/projects/:id/status          superadmin",
        "POST   /superadmin/projects/:id/template-credit superadmin",
        "PUT    /superadmin/projects/:id/verification    superadmin",
        "PUT    /superadmin/projects/:id/whatsapp-number superadmin",
        "GET    /superadmin/rate-cards                   superadmin",
        "POST   /superadmin/rate-cards                   superadmin",
        "GET    /superadmin/rate-cards/:id               superadmin",
        "POST   /superadmin/rate-cards/:id/cancel        superadmin",
        "POST   /superadmin/set-assistant-field          superadmin",
        "POST   /superadmin/support-tickets              superadmin",
        "GET    /superadmin/support-tickets/:id          superadmin",
        "POST   /superadmin/support-tickets/:id/mark     superadmin",
        "POST   /superadmin/support-tickets/:id/template-status superadmin",
        "POST   /superadmin/sync-template-messages       superadmin",
      ]
    `);
  });

  // A route registered outside the access scope would skip every check: none may exist.
  it('covers every route of the API (the OpenAPI document), each once', () => {
    const keys = t.app.accessTable.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([url, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // The sandbox providers' own routes are left out of the document (platform/http/openapi.ts).
    expect(keys.filter((key) => !/\/sandbox/.test(key)).sort()).toEqual(documented.sort());
  });
});

describe('enforceAccess', () => {
  /** A bare app whose access scope holds what `register` adds. */
  const scoped = (register: (scope: ReturnType<typeof Fastify>) => void) => {
    const app = Fastify();
    app.decorateRequest('viewer', null);
    const table: AccessRow[] = [];
    void app.register(async (scope) => {
      enforceAccess(scope, async () => null, table);
      register(scope);
    });
    return { app, table };
  };

  it('refuses to register a route without an access declaration', async () => {
    const { app } = scoped((scope) => {
      scope.get('/api/forgotten', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('Route GET /api/forgotten declares no access');
  });

  it('records every method of a route that declares one', async () => {
    const { app, table } = scoped((scope) => {
      scope.route({
        method: ['GET', 'POST'],
        url: '/api/declared',
        config: { access: 'owner' },
        handler: async () => ({ ok: true }),
      });
    });
    await app.ready();
    expect(table).toEqual([
      { method: 'GET', url: '/api/declared', access: 'owner' },
      { method: 'POST', url: '/api/declared', access: 'owner' },
    ]);
    await app.close();
  });
});
