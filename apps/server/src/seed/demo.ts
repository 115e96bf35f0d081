import { count, eq } from 'drizzle-orm';
import { partnerFlagNames, type PartnerFlags } from '@pc/contract';
import type { Db, Tx } from '../platform/db/open.js';
import { partners } from '../platform/db/schema.js';
import type { StorageProvider } from '../providers/storage/storage.js';
import {
  makeAdmin,
  makeAgent,
  makePartner,
  makeRole,
  managerAccess,
  readOnlyAccess,
  seedPasswordHash,
} from './factories.js';
import { addonOffer } from './catalogue.js';
import { seedDemoClients } from './demo-clients.js';
import { DAY } from './demo-world.js';
import { seedDemoHistory } from './history/index.js';
import { seedDemoMetaDeliveries } from './meta-deliveries.js';
import { seedDemoTemplates, type SeedFile } from './templates/index.js';
import { seedDemoOnboarding } from './onboarding.js';
import { seedDemoRisk } from './risk.js';
import { seedDemoAccountEvents } from './account-events.js';
import { seedDemoWebhooks } from './webhooks.js';
import type { SecretBox } from '../modules/webhooks/secret.js';
import type { HistoryPartner, InvoiceFile } from './history/money.js';
import { seedDemoMetaAds, type SeedFacebook } from './meta-ads.js';
import { seedDemoSignup } from './demo-signup.js';
import { seedDemoRenewals } from './renewals.js';
import { seedDemoAudit } from './audit.js';
import { seedDemoActivity } from './activity.js';
import { seedDemoNotifications } from './notifications.js';
import { seedSuperadminProjects } from './superadmin-projects.js';
import { seedDemoTickets } from './tickets.js';
import { seedDemoRateCards } from './rate-cards.js';
import { seedDemoWallet } from './wallet.js';
import { seedDemoBranches, seedDemoBranchesAfterOnboarding } from './branches.js';
import { isEmbedded } from '../platform/db/open.js';
import { withForeignKeysCheckedOnce } from './foreign-keys.js';
import { demoSignIns, type SignIn } from './sign-ins.js';

/** Every password the demo's users and client businesses are made with. */
const seededPasswords = [...demoSignIns.map((s) => s.password), 'Priya@123', 'Rahul@123', 'Meera@123', 'Client@123'];

const INR = 100000;
const USD = 100000;

// Every flag on for the first partner but the banner exemption, which would hide its banners, and
// ad credit before going live, so the demo shows the rule.
const allFlags = Object.fromEntries(
  partnerFlagNames.map((f) => [f, f !== 'bannerExempt' && f !== 'enableMetaAdsWithoutAPI']),
) as PartnerFlags;

export type SeedOptions = {
  /** The instant the demo's dates are relative to: one `now`, one world. */
  now?: Date;
  /** Where the recharges' invoices (PDF) go; without it they are recorded but not written. */
  storage?: Pick<StorageProvider, 'put'>;
  /** The console's public URL: the demo's sample media are served from it. */
  publicUrl?: string;
  /**
   * Seals webhook secrets with the server's key: with it, Metro Clinics gets its webhooks and the
   * last hour's events for them (seed/webhooks.ts); without it (the tests' seed), no webhooks.
   */
  webhookSecrets?: SecretBox;
  /**
   * The sandbox's Facebook login and the server's token box: with them, Metro Clinics and two other
   * projects are connected to Meta Ads (seed/meta-ads.ts); without (the tests' seed, or live Meta),
   * the add-on only.
   */
  facebook?: SeedFacebook;
  /** Seals the provider API keys staff set on projects (seed/superadmin-projects.ts); without it, none. */
  apiKeys?: Pick<SecretBox, 'seal'>;
  /** The sandbox Meta's app secret: the demo's media templates then hold handles its upload accepts. */
  metaAppSecret?: string;
};

/**
 * Seeds the demo world on an empty database only; an existing one is never touched. The world and
 * its history (history/) are one transaction; the invoices are stored once it has committed.
 */
export const seedDemoIfEmpty = async (
  db: Db,
  opts: SeedOptions = {},
): Promise<{ created: boolean; signIns: SignIn[] }> => {
  const [existing] = await db.select({ n: count() }).from(partners);
  if ((existing?.n ?? 0) > 0) return { created: false, signIns: demoSignIns };
  // Hashed together up front, on the thread pool while the seed's queries run, rather than each in turn.
  for (const password of seededPasswords) void seedPasswordHash(password);
  const now = opts.now ?? new Date();
  const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
  const invoices: InvoiceFile[] = [];
  const media: SeedFile[] = [];
  const seedWorld = async (tx: Tx) => {
    const acme = await makePartner(tx, {
      name: 'Acme Messaging',
      brandName: 'Acme Connect',
      customDomain: 'acme.localhost',
      brandLogoUrl: '/brand/acme-logo.svg',
      faviconUrl: '/brand/acme-favicon.svg',
      loadingGifUrl: '/brand/acme-loading.svg',
      type: 'WHITELABEL',
      currency: 'INR',
      isoCode: 'IN',
      minAllowedBalance: 500 * INR,
      partnershipFee: 25000 * INR,
      partnershipRenewalOn: inDays(45),
      referralLink: 'https://acme.example/join?ref=acme',
      enableSignUp: true,
      enableTrial: true,
      isZohoEnabled: true,
      onboardingMethod: 'EMBEDDED_SIGNUP',
      maxAgents: 10,
      maxRoles: 5,
      addons: { WHATSAPP_PAY: addonOffer('WHATSAPP_PAY', { all: { Monthly: [999, 12], Yearly: [9990, 120] } }) },
      flags: allFlags,
    });
    await makeRole(tx, acme.id, 'Viewer', readOnlyAccess);
    await makeRole(tx, acme.id, 'Manager', managerAccess);
    const acmeOwner = await makeAgent(tx, {
      partnerId: acme.id,
      userName: 'owner',
      password: 'Owner@123',
      name: 'Olivia Owner',
      email: 'owner@acme.example',
    });
    await makeAgent(tx, {
      partnerId: acme.id,
      userName: 'agent',
      password: 'Agent@123',
      role: 'Viewer',
      name: 'Arjun Agent',
      email: 'agent@acme.example',
    });
    await makeAgent(tx, {
      partnerId: acme.id,
      userName: 'priya',
      password: 'Priya@123',
      role: 'Manager',
      name: 'Priya Sharma',
      email: 'priya@acme.example',
    });
    await makeAgent(tx, {
      partnerId: acme.id,
      userName: 'rahul',
      password: 'Rahul@123',
      role: 'Viewer',
      name: 'Rahul Verma',
      email: 'rahul@acme.example',
    });
    await makeAgent(tx, {
      partnerId: acme.id,
      userName: 'meera',
      password: 'Meera@123',
      role: 'Manager',
      name: 'Meera Iyer',
      email: 'meera@acme.example',
      disabled: true,
    });

    const direct = await makePartner(tx, {
      name: 'Direct Retail',
      type: 'DIRECT',
      currency: 'INR',
      isoCode: 'IN',
      minAllowedBalance: 1000 * INR,
      // Its console in its own colours (Manage, Configure Profile).
      profileColors: { primary: '#1565c0', background: '#f3f7fc' },
    });
    await makeAgent(tx, {
      partnerId: direct.id,
      userName: 'direct',
      password: 'Direct@123',
      name: 'Dev Direct',
      email: 'owner@directretail.example',
    });

    const ads = await makePartner(tx, {
      name: 'AdsWorks',
      type: 'ADS_WHITELABEL',
      currency: 'USD',
      isoCode: 'US',
      minAllowedBalance: 20 * USD,
      // Its yearly partnership renews in 6 days: the renewal banner of the console.
      partnershipFee: 250 * USD,
      partnershipRenewalOn: inDays(6),
      // Its clients apply for the WhatsApp API with the application form (seed/onboarding.ts).
      onboardingMethod: 'WHATSAPP_API_FORM',
    });
    await makeAgent(tx, {
      partnerId: ads.id,
      userName: 'ads',
      password: 'Ads@123',
      name: 'Alex Ads',
      email: 'owner@adsworks.example',
    });

    const referral = await makePartner(tx, {
      name: 'Growth Referrals',
      type: 'WHITELABEL',
      currency: 'INR',
      isoCode: 'IN',
      referralLink: 'https://console.example/signup?ref=growth',
    });
    const referralAgent = await makeAgent(tx, {
      partnerId: referral.id,
      userName: 'referral',
      password: 'Referral@123',
      name: 'Riya Referral',
      email: 'referral@growth.example',
      isReferral: true,
    });

    const { family, wcc, pay, projects, adsFamily } = await seedDemoClients(tx, {
      acmeId: acme.id,
      directId: direct.id,
      adsId: ads.id,
      referralId: referral.id,
      referralAgentId: referralAgent.id,
      now,
    });
    await tx
      .update(partners)
      .set({
        planType: 'DIAMOND',
        defaultPlanFamily: family.id,
        defaultPlanName: 'BASIC_MONTHLY',
        defaultWccPlan: wcc.id,
        defaultWhatsappPaymentsPlan: pay.id,
      })
      .where(eq(partners.id, acme.id));

    const platformAdmin = await makeAdmin(tx, {
      userName: 'admin',
      password: 'Admin@123',
      name: 'Platform Admin',
      email: 'admin@platform.example',
    });

    // Their money and traffic so far, and the balances above at the end of it.
    const history = (p: typeof acme, pack: number, comfort: number): HistoryPartner => ({
      id: p.id,
      name: p.name,
      currency: p.currency,
      minAllowedBalance: p.minAllowedBalance,
      recharge: { pack, comfort },
    });
    await seedDemoHistory(
      tx,
      {
        now,
        acme: history(acme, 5000 * INR, 1000 * INR),
        direct: history(direct, 5000 * INR, 2000 * INR),
        ads: history(ads, 100 * USD, 40 * USD),
        projects,
        families: { acme: family, ads: adsFamily },
      },
      invoices,
    );
    await seedDemoMetaDeliveries(tx, { now, projects });
    // The audit log of the admin who set these partners up (seed/audit.ts).
    await seedDemoAudit(tx, {
      now,
      admin: { adminId: platformAdmin.id, name: platformAdmin.name },
      created: [
        { partnerId: acme.id, daysAgo: 400, owner: 'owner' },
        { partnerId: ads.id, daysAgo: 365, owner: 'ads' },
        { partnerId: referral.id, daysAgo: 200, owner: 'referral' },
        { partnerId: direct.id, daysAgo: 50, owner: 'direct' },
      ],
    });
    await seedDemoTemplates(tx, {
      now,
      publicUrl: opts.publicUrl ?? 'http://localhost:3000',
      projects,
      files: media,
      ...(opts.metaAppSecret ? { metaAppSecret: opts.metaAppSecret } : {}),
    });
    await seedDemoMetaAds(tx, { now, acmeId: acme.id, ownerId: acmeOwner.id, facebook: opts.facebook });
    if (opts.facebook) await seedDemoSignup(tx, { now, acmeId: acme.id, facebook: opts.facebook });
    // States nothing else reaches, for the branches docs/demo.md shows (seed/branches.ts).
    await seedDemoBranches(tx, { now, acmeId: acme.id });
    // The active add-ons' renewal dates and an unpaid project (seed/renewals.ts).
    await seedDemoRenewals(tx, { now });
    await seedDemoTickets(tx, { now });
    await seedDemoOnboarding(tx, {
      now,
      acmeId: acme.id,
      adsId: ads.id,
      publicUrl: opts.publicUrl ?? 'http://localhost:3000',
    });
    await seedDemoBranchesAfterOnboarding(tx, { acmeId: acme.id });
    // What the risk board shows beyond the rest (seed/risk.ts), once the onboarding rows exist.
    await seedDemoRisk(tx, { now, acmeId: acme.id, projects });
    await seedDemoAccountEvents(tx, { now, projects });
    await seedSuperadminProjects(tx, { now, apiKeys: opts.apiKeys });
    // A rate card due in 10 days that Acme has half answered, and one applied before the history (seed/rate-cards.ts).
    await seedDemoRateCards(tx, { now, acmeId: acme.id, adminId: platformAdmin.id, ownerId: acmeOwner.id });
    // Acme's wallet warning levels, two of them crossed (seed/wallet.ts).
    await seedDemoWallet(tx, { now, acmeId: acme.id });
    if (opts.webhookSecrets)
      await seedDemoWebhooks(tx, {
        now,
        publicUrl: opts.publicUrl ?? 'http://localhost:3000',
        projects,
        box: opts.webhookSecrets,
      });
    // Acme's team's activity log over the history, once its money, templates and webhooks exist (seed/activity.ts).
    await seedDemoActivity(tx, { now, acmeId: acme.id, createdDaysAgo: 400 });
    // The bell's notifications of every kind, some read (seed/notifications.ts).
    await seedDemoNotifications(tx, { now, partnerIds: [acme.id, direct.id, ads.id] });
  };
  // On the embedded database the rows' foreign keys are checked once, at the end (seed/foreign-keys.ts).
  await db.transaction((tx) => (isEmbedded(db) ? withForeignKeysCheckedOnce(tx, () => seedWorld(tx)) : seedWorld(tx)));
  if (opts.storage) for (const file of invoices) await opts.storage.put(file.key, file.bytes, 'application/pdf');
  if (opts.storage) for (const file of media) await opts.storage.put(file.key, file.bytes, file.contentType);
  return { created: true, signIns: demoSignIns };
};
