import {
  addonCharge,
  DEFAULT_TIMEZONE,
  flowTiers,
  type InboundMessage,
  type MessageEvent,
  type ReasonCode,
  type SubscriptionPlanName,
} from '@pc/contract';
import { readAddonCatalogue, readPlanCatalogue } from '../../modules/pricing/catalogue.js';
import type { Tx } from '../../platform/db/open.js';
import { randomSource } from '../../modules/charging/traffic.js';
import { DAY, type DemoFamily, type DemoProjects } from '../demo-world.js';
import { historyLedger, type HistoryPartner, type HistoryProject, type InvoiceFile } from './money.js';
import { replay, type Step } from './timeline.js';
import { running, type Running } from './running.js';
import { projectTraffic, type TrafficPlan } from './traffic.js';
import { seedVolumeTiers } from './volume-tiers.js';

const HOUR = 3_600_000;
const UNIT = 100_000;
/** Days of message traffic the demo holds. */
export const HISTORY_DAYS = 90;
/** The history ends this long before the seed's `now`: the last steps land the balances then. */
const SETTLE = 5 * 60_000;

export type HistoryWorld = {
  now: Date;
  acme: HistoryPartner;
  direct: HistoryPartner;
  ads: HistoryPartner;
  projects: DemoProjects;
  families: { acme: DemoFamily; ads: DemoFamily };
};

/**
 * The demo's past: about a year of each partner's money (recharges with the gateway's ids and
 * invoice, partnership fees, plan purchases, switches, renewals and a reactivation, add-ons and
 * their renewals, credit bought and taken back, a trial grant, a staff correction) and the last 90
 * days of message traffic (the users' messages that open customer service windows among it), all
 * replayed in time order through the ledger (postEntry) and the charging use case
 * (ingestMessages), so the dashboard, Analytics, the conversation reports and Billings tell one
 * story. Partners recharge when a charge would leave them short, and keep their clients' template
 * credit topped up. It ends with the balances the demo has always shown
 * (Acme 2,450, Direct Retail 18,000, AdsWorks 320; Sunrise Bakery 1,500, Metro Clinics 4,200,
 * Metro Reminders 800, Orchid Salon 100 of credit): the last moves, minutes before `now`, bring
 * them there. Deterministic: one `now` gives the same history (a seeded random source).
 */
export const seedDemoHistory = async (tx: Tx, w: HistoryWorld, invoices: InvoiceFile[]) => {
  const now = w.now.getTime();
  const end = now - SETTLE;
  const at = (days: number, hours = 0) => now - days * DAY + hours * HOUR;
  const rng = randomSource(20240425);
  const ledger = historyLedger(tx, rng, invoices);
  const steps: Step[] = [];
  const on = (when: number, run: () => Promise<void>) => steps.push({ at: when, run });
  const project = (name: string): HistoryProject => {
    const p = w.projects[name];
    if (!p) throw new Error(`The demo has no project named ${name}`);
    return p;
  };
  const price = (family: DemoFamily, plan: string, currency: 'INR' | 'USD') => {
    const prices = family.plans[plan as keyof DemoFamily['plans']];
    if (!prices) throw new Error(`${family.name} has no ${plan}`);
    return prices[currency];
  };
  // What the provider charged for each plan and add-on sold, recorded beside the partner's price.
  const planCatalogue = await readPlanCatalogue(tx);
  const addonCatalogue = await readAddonCatalogue(tx);
  const central = (
    p: HistoryPartner,
    when: number,
    reasonCode: ReasonCode,
    amount: number,
    message: string,
    of?: string,
    providerAmount?: number,
  ) =>
    on(when, () =>
      ledger.central(p, { reasonCode, amount, providerAmount, message }, when, of ? project(of) : undefined),
    );
  /** A plan bought at `since` days ago and renewed every `period` days until now. */
  const plan = (
    p: HistoryPartner,
    family: DemoFamily,
    name: string,
    code: string,
    since: number,
    how: PlanHow = {},
  ) => {
    const amount = price(family, code, p.currency);
    const provider = planCatalogue[code as SubscriptionPlanName]?.[p.currency];
    central(
      p,
      at(since),
      how.reason ?? 'PLAN_PURCHASE',
      amount,
      `${how.call ?? 'Plan switched'}: ${family.name} ${code}`,
      name,
      provider,
    );
    const period = code.endsWith('YEARLY') ? 365 : 30;
    for (let d = since - period; d > 0; d -= period)
      central(p, at(d), 'PLAN_RENEWED', amount, `Plan renewed: ${family.name} ${code}`, name, provider);
  };
  const addon = (p: HistoryPartner, name: string, addonName: string, unit: number, since: number, flows?: number) => {
    const amount = unit * (flows === undefined ? 1 : flowTiers(flows));
    const plans = addonCatalogue[addonName];
    const provider = plans && addonCharge(addonName, plans, 'Monthly', p.currency, flows);
    const withFlows = flows === undefined ? '' : ` with ${flows} flows`;
    central(p, at(since), 'ADDON_PURCHASE', amount, `Add-on ${addonName} activated${withFlows}`, name, provider);
    for (let d = since - 30; d > 0; d -= 30)
      central(p, at(d), 'ADDON_RENEWAL', amount, `Add-on ${addonName} renewed${withFlows}`, name, provider);
  };
  const credit = (
    p: HistoryPartner,
    when: number,
    name: string,
    kind: 'WCC' | 'PWC' | 'AD_CREDIT',
    action: 'ADD' | 'SUBTRACT',
    units: number,
  ) => on(when, () => ledger.transfer(p, project(name), kind, action, Math.round(units * UNIT), when));
  const recharge = (p: HistoryPartner, when: number, units: number) =>
    on(when, () => ledger.recharge(p, units * UNIT, when));

  // Acme Messaging: a reseller for 400 days, on the DIAMOND partnership.
  const { acme, direct, ads } = w;
  const std = w.families.acme;
  recharge(acme, at(400), 60_000);
  central(acme, at(320), 'PARTNERSHIP_FEE', 25_000 * UNIT, 'Partnership fee: DIAMOND, one year');
  central(
    acme,
    at(319),
    'PARTNERSHIP_RENEWAL_REFUND',
    2_500 * UNIT,
    'Partnership renewal refund: early renewal discount',
  );
  plan(acme, std, 'Pixel Foods', 'BASIC_YEARLY', 190);
  credit(acme, at(190, 1), 'Pixel Foods', 'WCC', 'ADD', 1000);
  plan(acme, std, 'Sunrise Bakery', 'BASIC_MONTHLY', 110);
  credit(acme, at(110, 1), 'Sunrise Bakery', 'WCC', 'ADD', 2000);
  plan(acme, std, 'Cedar Dispatch', 'BASIC_MONTHLY', 85);
  plan(acme, std, 'Metro Clinics', 'PRO_YEARLY', 80);
  credit(acme, at(80, 1), 'Metro Clinics', 'WCC', 'ADD', 3000);
  addon(acme, 'Metro Clinics', 'WEBHOOKS', 299 * UNIT, 78);
  credit(acme, at(60), 'Metro Clinics', 'PWC', 'ADD', 500);
  credit(acme, at(30), 'Metro Clinics', 'PWC', 'SUBTRACT', 200);
  // Meta Ads credit its ads spend from (seed/meta-ads.ts connects them; the sync debits the spend).
  credit(acme, at(13, 2), 'Metro Clinics', 'AD_CREDIT', 'ADD', 2000);
  credit(acme, at(3, 5), 'Metro Clinics', 'AD_CREDIT', 'ADD', 1500);
  // Cedar Tracking: billing stopped 52 days ago, reactivated 47 days ago (a new period from then).
  central(
    acme,
    at(70),
    'PLAN_PURCHASE',
    price(std, 'PRO_MONTHLY', 'INR'),
    `Plan switched: ${std.name} PRO_MONTHLY`,
    'Cedar Tracking',
    planCatalogue.PRO_MONTHLY?.INR,
  );
  credit(acme, at(70, 1), 'Cedar Tracking', 'WCC', 'ADD', 800);
  plan(acme, std, 'Cedar Tracking', 'PRO_MONTHLY', 47, { reason: 'PLAN_REACTIVATED', call: 'Plan reactivated' });
  plan(acme, std, 'Kite Campaign 02', 'BASIC_YEARLY', 58);
  plan(acme, std, 'Kite Campaign 04', 'BASIC_MONTHLY', 56);
  plan(acme, std, 'Kite Campaign 06', 'BASIC_YEARLY', 54);
  credit(acme, at(54, 1), 'Kite Campaign 06', 'WCC', 'ADD', 500);
  addon(acme, 'Kite Campaign 06', 'FLOW_BUILDER', 499 * UNIT, 50, 5);
  plan(acme, std, 'Kite Campaign 08', 'BASIC_MONTHLY', 52);
  // Metro Reminders started on Basic and moved to Pro within hours.
  central(
    acme,
    at(40),
    'PLAN_PURCHASE',
    price(std, 'BASIC_MONTHLY', 'INR'),
    `Plan switched: ${std.name} BASIC_MONTHLY`,
    'Metro Reminders',
    planCatalogue.BASIC_MONTHLY?.INR,
  );
  plan(acme, std, 'Metro Reminders', 'PRO_MONTHLY', 40 - 3 / 24, { reason: 'PLAN_SWITCH' });
  credit(acme, at(40, 4), 'Metro Reminders', 'WCC', 'ADD', 1000);
  on(at(35), () =>
    ledger.central(
      acme,
      {
        reasonCode: 'CENTRAL_BALANCE_UPDATE',
        action: 'ADD',
        amount: 350 * UNIT,
        message: 'Balance correction by platform support',
      },
      at(35),
    ),
  );
  on(at(12, 1), () => ledger.trialCredit(acme, project('Orchid Salon'), 100 * UNIT, at(12, 1)));
  // Billing of Pixel Foods stopped 10 days ago: its partner took the rest of its credit back.
  on(at(10, 1), async () =>
    ledger.transfer(
      acme,
      project('Pixel Foods'),
      'WCC',
      'SUBTRACT',
      await ledger.creditOf(project('Pixel Foods').id),
      at(10, 1),
    ),
  );

  // Direct Retail: a direct customer since 50 days.
  recharge(direct, at(50), 20_000);
  // AdsWorks: an ads reseller for a year; its partnership renews in 6 days (the renewal banner).
  recharge(ads, at(365), 1_000);
  central(ads, at(359), 'PARTNERSHIP_FEE', 250 * UNIT, 'Partnership fee: ADS_WHITELABEL, one year');
  plan(ads, w.families.ads, 'Northwind Outfitters', 'BASIC_MONTHLY', 118);
  credit(ads, at(118, 1), 'Northwind Outfitters', 'WCC', 'ADD', 40);
  plan(ads, w.families.ads, 'Brightside Apparel', 'BASIC_MONTHLY', 20);
  credit(ads, at(20, 1), 'Brightside Apparel', 'WCC', 'ADD', 20);
  credit(ads, at(15), 'Brightside Apparel', 'AD_CREDIT', 'ADD', 50);

  // Leakage for the demo's margin report to show: 12 days ago the platform held Acme's whole central
  // balance for eight hours after the morning top-up (a payment under review), then released it.
  // Meanwhile the conversations its clients' credit did not cover found no balance and were left
  // UNBILLED. Nothing else moves Acme's money that day: a step of its own inside the hours (a credit
  // bought) would recharge the balance the hold emptied, at whatever hour of the day the seed runs.
  const holdFrom = Math.floor(at(12) / DAY) * DAY + 5.5 * HOUR;
  let held = 0;
  on(holdFrom, async () => {
    held = await ledger.centralOf(acme.id);
    await ledger.correction(acme, 'SUBTRACT', held, 'Held while a payment is under review', holdFrom);
  });
  on(holdFrom + 8 * HOUR, async () => {
    await ledger.correction(acme, 'ADD', held, 'Released: the payment under review was confirmed', holdFrom + 8 * HOUR);
  });

  // Every morning (10:30 in India) partners top up what runs low: their balance and their clients' credit.
  const events: MessageEvent[] = [];
  const inbound: InboundMessage[] = [];
  const partnerOf = { acme, direct, ads };
  for (const [key, list] of Object.entries(running) as [keyof typeof partnerOf, Running[]][]) {
    const partner = partnerOf[key];
    for (const r of list) {
      const p = project(r.project);
      const plans: TrafficPlan[] = (
        r.pause
          ? [
              [r.since, r.pause[0]],
              [r.pause[1], r.until ?? 0],
            ]
          : [[r.since, r.until ?? 0]]
      ).map(([from, to]) => ({
        projectId: p.id,
        slug: r.slug,
        currency: p.currency,
        profile: r.profile,
        perDay: r.perDay,
        from: at(from!),
        to: Math.min(at(to!), end),
      }));
      // One random source per project: a project's traffic does not change when another's does; its
      // users' messages have their own, so that its own messages do not change with them either.
      const projectRng = randomSource(hash(r.slug));
      const usersRng = randomSource(hash(`${r.slug} users`));
      for (const [i, tp] of plans.entries()) {
        const slug = `${r.slug}${i ? `-${i}` : ''}`;
        const traffic = projectTraffic({ ...tp, slug }, now, HISTORY_DAYS, projectRng, usersRng);
        events.push(...traffic.events);
        inbound.push(...traffic.inbound);
      }
    }
    if (key === 'acme') {
      // The random traffic falls on other hours with each `now`; one marketing conversation inside
      // the hold, for a project its central balance pays (no credit of its own), keeps the leakage
      // in every run of the seed.
      const held = {
        messageId: 'demo-kite08-hold',
        projectId: project('Kite Campaign 08').id,
        category: 'marketing' as const,
        initiator: 'business' as const,
        country: 'IN',
        recipient: '919812345670',
      };
      const heldAt = holdFrom + 2 * HOUR;
      events.push(
        { ...held, status: 'sent', timestamp: new Date(heldAt).toISOString() },
        { ...held, status: 'delivered', timestamp: new Date(heldAt + 5_000).toISOString() },
      );
    }
    for (let day = Math.floor(at(HISTORY_DAYS) / DAY) * DAY + 5 * HOUR; day < end; day += DAY) {
      const when = day;
      on(when, async () => {
        await ledger.ensureFunds(partner, 0, when);
        const topped = list.flatMap((r) =>
          r.wcc && when >= at(r.since) && when < at(r.until ?? 0) ? [{ p: project(r.project), wcc: r.wcc }] : [],
        );
        // Read together: a project is in `running` once, and its top-up moves its own credit and the
        // central balance, no other project's credit.
        const credits = await ledger.creditsOf(topped.map((t) => t.p.id));
        for (const { p, wcc } of topped)
          if (credits.get(p.id)! < wcc.below * UNIT)
            await ledger.transfer(partner, p, 'WCC', 'ADD', wcc.add * UNIT, when);
      });
    }
  }

  // The last moves: the credits and balances the demo has always shown.
  const settle = async (p: HistoryPartner, name: string, units: number) => {
    const have = await ledger.creditOf(project(name).id);
    const want = Math.round(units * UNIT);
    if (have !== want)
      await ledger.transfer(p, project(name), 'WCC', have < want ? 'ADD' : 'SUBTRACT', Math.abs(want - have), end);
  };
  const land = async (p: HistoryPartner, into: string, units: number) => {
    const want = Math.round(units * UNIT);
    let have = await ledger.centralOf(p.id);
    if (have < want) {
      await ledger.recharge(p, Math.ceil((want - have) / p.recharge.pack) * p.recharge.pack, end);
      have = await ledger.centralOf(p.id);
    }
    await ledger.transfer(p, project(into), 'WCC', 'ADD', have - want, end);
  };
  on(end, async () => {
    await settle(acme, 'Sunrise Bakery', 1500);
    await settle(acme, 'Metro Clinics', 4200);
    await settle(acme, 'Metro Reminders', 800);
    // Kite Campaign 06 keeps about two days of its spend (the risk board's credit running out,
    // seed/risk.ts); the rest of Acme's money lands on Kite Campaign 04.
    await settle(acme, 'Kite Campaign 06', 7);
    await land(acme, 'Kite Campaign 04', 2450);
    await land(direct, 'Corner Store', 18_000);
    await land(ads, 'Northwind Outfitters', 320);
  });

  const metro = project('Metro Clinics');
  await seedVolumeTiers(tx, { on, project: metro, timezone: DEFAULT_TIMEZONE, from: at(HISTORY_DAYS), now: end });
  await replay(tx, steps, { events, inbound }, ledger.lastPostedAt);
};

type PlanHow = { reason?: ReasonCode; call?: string };

/** A small stable hash of a name (FNV-1a), to seed a project's own random source. */
const hash = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
};
