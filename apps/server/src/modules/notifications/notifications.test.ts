import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse, NotificationPreferences } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { agents, notifications, templates, walletThresholds } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { applyMetaWord } from '../templates/meta-word.js';
import { checkPartnerBanners } from './banner-check.js';
import { notificationsModule } from './index.js';
import { notify } from './notify.js';
import { ownerMailKinds } from './owner-mail.js';
import { thresholdMailJobs } from '../wallet/threshold-mail.js';

let t: TestContext;
let owner: string;
let agent: string;
let direct: string;
let acmeId: string;
let ownerId: string;
let agentId: string;

const list = (token: string, query = '') =>
  call<NotificationListResponse>(t.app, 'GET', `/api/notifications${query}`, { token });
const runMails = () => runDueJobs(t.deps.db, notificationsModule(t.deps).jobHandlers, t.deps.now, { concurrency: 1 });
const idOf = async (userName: string) =>
  (await t.deps.db.select({ id: agents.id }).from(agents).where(eq(agents.loginUsername, userName)))[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  [owner, agent, direct] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  acmeId = await findPartnerIdByName(t.deps.db, 'Acme Messaging');
  [ownerId, agentId] = await Promise.all([idOf('owner'), idOf('agent')]);
});
afterAll(() => t.close());

describe('the list', () => {
  it("pages the demo's notifications newest first, read per member, never another partner's", async () => {
    const first = await list(owner, '?limit=5');
    expect(first.status).toBe(200);
    expect(first.body.notifications).toHaveLength(5);
    expect(first.body.next).toBe(first.body.notifications[4]!._id);
    const second = await list(owner, `?limit=5&after=${first.body.next}`);
    const all = [...first.body.notifications, ...second.body.notifications];
    const times = all.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((n) => n._id)).size).toBe(all.length);
    // The seed marked some read for the owner, none for the agent.
    const everything = (await list(owner, '?limit=50')).body.notifications;
    expect(everything.some((n) => n.read)).toBe(true);
    expect(everything.some((n) => !n.read)).toBe(true);
    const agents = (await list(agent, '?limit=50')).body;
    expect(agents.notifications.every((n) => !n.read)).toBe(true);
    expect(agents.unread).toBeGreaterThan(everything.filter((n) => !n.read).length - 1);
    // Direct Retail sees its own only.
    const theirs = (await list(direct, '?limit=50')).body.notifications.map((n) => n._id);
    expect(theirs.some((id) => everything.some((n) => n._id === id))).toBe(false);
    expect((await list(owner, '?limit=0')).status).toBe(400);
    expect((await list(owner, '?after=bad%20cursor')).status).toBe(400);
  });

  it('marks one read for the member alone, all read, and answers 404 for another partner', async () => {
    const before = (await list(agent, '?limit=50')).body;
    const target = before.notifications.find((n) => !n.read)!;
    const marked = await call<{ unread: number }>(t.app, 'POST', `/api/notifications/${target._id}/read`, {
      token: agent,
    });
    expect(marked.status).toBe(200);
    expect(marked.body.unread).toBe(before.unread - 1);
    const after = (await list(agent, '?limit=50')).body.notifications;
    expect(after.find((n) => n._id === target._id)!.read).toBe(true);
    // The owner's read marks are the owner's.
    const ownersView = (await list(owner, '?limit=50')).body.notifications.find((n) => n._id === target._id);
    expect(ownersView).toBeDefined();

    expect((await call(t.app, 'POST', `/api/notifications/${target._id}/read`, { token: direct })).status).toBe(404);
    expect((await call(t.app, 'POST', '/api/notifications/nope/read', { token: agent })).status).toBe(404);

    const all = await call<{ unread: number }>(t.app, 'POST', '/api/notifications/read-all', { token: agent });
    expect(all.body.unread).toBe(0);
    expect(
      (await call<{ unread: number }>(t.app, 'GET', '/api/notifications/unread', { token: agent })).body.unread,
    ).toBe(0);
    expect((await list(agent, '?limit=50')).body.notifications.every((n) => n.read)).toBe(true);
    // A new one after "mark all" is unread again.
    await notify(t.deps.db, {
      partnerId: acmeId,
      kind: 'LOW_BALANCE',
      title: 'Low',
      body: 'Low balance.',
      link: '/wallet',
      at: new Date(Date.now() + 1000),
    });
    expect(
      (await call<{ unread: number }>(t.app, 'GET', '/api/notifications/unread', { token: agent })).body.unread,
    ).toBe(1);
  });

  it("shows a member's own notification to that member only", async () => {
    const id = await notify(t.deps.db, {
      partnerId: acmeId,
      agentId: ownerId,
      kind: 'TICKET_REPLY',
      title: 'Your support ticket was resolved',
      body: 'Done.',
      link: '/assistants/x',
    });
    expect((await list(owner, '?limit=50')).body.notifications.some((n) => n._id === id)).toBe(true);
    expect((await list(agent, '?limit=50')).body.notifications.some((n) => n._id === id)).toBe(false);
    expect((await call(t.app, 'POST', `/api/notifications/${id}/read`, { token: agent })).status).toBe(404);
  });

  it("leaves the money kinds out of a referral user's list, as the banners do", async () => {
    const referral = await signInAs(t.app, 'referral');
    const growth = await findPartnerIdByName(t.deps.db, 'Growth Referrals');
    const at = new Date(Date.now() + 2000);
    const money = await notify(t.deps.db, {
      partnerId: growth,
      kind: 'LOW_BALANCE',
      title: 'Low',
      body: 'Low.',
      link: '/wallet',
      at,
    });
    const template = await notify(t.deps.db, {
      partnerId: growth,
      kind: 'TEMPLATE_APPROVED',
      title: 'Approved',
      body: 'Approved.',
      link: '/projects/p/manage/template-message/t',
      at,
    });
    const ids = (await list(referral, '?limit=50')).body.notifications.map((n) => n._id);
    expect(ids).toContain(template);
    expect(ids).not.toContain(money);
    expect((await call(t.app, 'POST', `/api/notifications/${money}/read`, { token: referral })).status).toBe(404);
  });
});

describe('mail preferences', () => {
  it('are saved per member, refused with a 400 for an unknown kind, and mail only the kinds chosen', async () => {
    const put = (token: string, body: unknown) =>
      call<NotificationPreferences>(t.app, 'PUT', '/api/notifications/preferences', { token, body });
    expect((await put(agent, { mail: ['NOT_A_KIND'] })).status).toBe(400);
    expect((await put(agent, {})).status).toBe(400);
    expect((await put(agent, { mail: ['TEMPLATE_REJECTED', 'TEMPLATE_REJECTED'] })).body).toEqual({
      mail: ['TEMPLATE_REJECTED'],
    });
    const got = await call<NotificationPreferences>(t.app, 'GET', '/api/notifications/preferences', { token: agent });
    expect(got.body).toEqual({ mail: ['TEMPLATE_REJECTED'] });
    // The owner's defaults: the kinds it has a mail of its own about.
    expect((await call(t.app, 'GET', '/api/notifications/preferences', { token: owner })).body).toEqual({
      mail: [...ownerMailKinds],
    });

    const sent = t.outbox.sent.length;
    await t.deps.db.transaction(async (tx) => {
      await notify(tx, {
        partnerId: acmeId,
        kind: 'TEMPLATE_REJECTED',
        title: 'Template welcome rejected',
        body: 'Meta rejected it.',
        link: '/projects/p/manage/template-message/t',
      });
      await notify(tx, { partnerId: acmeId, kind: 'LOW_BALANCE', title: 'Low', body: 'Low.', link: '/wallet' });
    });
    t.clock.now = new Date(Date.now() + 1000);
    await runMails();
    const mails = t.outbox.sent.slice(sent);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Template welcome rejected' });
    expect(mails[0]!.text).toContain('/projects/p/manage/template-message/t');
    const [me] = await t.deps.db.select({ email: agents.email }).from(agents).where(eq(agents.id, agentId));
    expect(mails[0]!.to).toBe(me!.email);
  });

  it("governs the owner's own mails: by default sent, one mail never two, none once unticked", async () => {
    const put = (token: string, mail: string[]) =>
      call<NotificationPreferences>(t.app, 'PUT', '/api/notifications/preferences', { token, body: { mail } });
    const jobs = { ...notificationsModule(t.deps).jobHandlers, ...thresholdMailJobs(t.deps) };
    const [me] = await t.deps.db.select({ email: agents.email }).from(agents).where(eq(agents.id, ownerId));
    const [them] = await t.deps.db.select({ email: agents.email }).from(agents).where(eq(agents.id, agentId));
    /** Crosses the central balance's warning level anew and answers who was mailed, with which subjects. */
    const cross = async (minutes: number) => {
      t.clock.now = new Date(Date.now() + minutes * 60_000);
      await t.deps.db.delete(walletThresholds).where(eq(walletThresholds.partnerId, acmeId));
      const sent = t.outbox.sent.length;
      const saved = await call(t.app, 'PUT', '/api/wallet/threshold', {
        token: owner,
        body: { kind: 'AMOUNT', value: 1_000_000_000_000_000 },
      });
      expect(saved.status).toBe(200);
      await runDueJobs(t.deps.db, jobs, t.deps.now, { concurrency: 1 });
      return t.outbox.sent.slice(sent).map((m) => `${m.to}: ${m.subject}`);
    };
    // "Mark all as read" keeps the defaults; another member who ticks the kind gets the short mail.
    expect((await call(t.app, 'POST', '/api/notifications/read-all', { token: owner })).status).toBe(200);
    await put(agent, ['WALLET_LEVEL']);
    const longMail = `${me!.email}: Your central balance: below your warning level`;
    const shortMail = `${them!.email}: Your central balance is below your warning level`;
    expect((await cross(1)).sort()).toEqual([longMail, shortMail].sort());
    // Ticked by the owner itself: still its own mail alone, not the notification's as well.
    await put(owner, ['WALLET_LEVEL']);
    expect((await cross(2)).sort()).toEqual([longMail, shortMail].sort());
    // Unticked: the owner's own mail is not sent; the other member's is.
    expect((await put(owner, [])).body).toEqual({ mail: [] });
    expect(await cross(3)).toEqual([shortMail]);
    await put(owner, [...ownerMailKinds]);
    await put(agent, []);
  });

  it('tells an event once for its dedupe key', async () => {
    const n = { partnerId: acmeId, kind: 'RENEWAL_DUE' as const, title: 'Due', body: 'Due.', link: '/wallet' };
    expect(await notify(t.deps.db, { ...n, dedupeKey: 'once' })).not.toBeNull();
    expect(await notify(t.deps.db, { ...n, dedupeKey: 'once' })).toBeNull();
  });
});

describe('the sources', () => {
  it("tells a template's approval from Meta's word, in the word's transaction", async () => {
    const [row] = await t.deps.db
      .select()
      .from(templates)
      .where(and(eq(templates.partnerId, acmeId), eq(templates.status, 'PENDING')))
      .limit(1);
    expect(row).toBeDefined();
    await t.deps.db.transaction((tx) => applyMetaWord(tx, row!, { source: 'status', status: 'APPROVED' }, new Date()));
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.partnerId, acmeId), eq(notifications.kind, 'TEMPLATE_APPROVED')));
    expect(
      told.some((n) => n.link.endsWith(`/manage/template-message/${row!.id}`) && n.title.includes(row!.name)),
    ).toBe(true);
  });

  it('tells a wallet warning level crossed once', async () => {
    const count = async () =>
      (
        await t.deps.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.partnerId, acmeId), eq(notifications.kind, 'WALLET_LEVEL')))
      ).length;
    const before = await count();
    await t.deps.db.delete(walletThresholds).where(eq(walletThresholds.partnerId, acmeId));
    const saved = await call(t.app, 'PUT', '/api/wallet/threshold', {
      token: owner,
      body: { kind: 'AMOUNT', value: 1_000_000_000_000_000 },
    });
    expect(saved.status).toBe(200);
    expect(await count()).toBe(before + 1);
    await call(t.app, 'PUT', '/api/wallet/threshold', {
      token: owner,
      body: { kind: 'AMOUNT', value: 1_000_000_000_000_000 },
    });
    expect(await count()).toBe(before + 1);
  });

  it('tells a partnership renewal due as its banner says, once per renewal date', async () => {
    const directId = await findPartnerIdByName(t.deps.db, 'Direct Retail');
    const first = await checkPartnerBanners(t.deps, directId, new Date());
    const again = await checkPartnerBanners(t.deps, directId, new Date());
    expect(again).toBe(0);
    expect(first).toBeGreaterThanOrEqual(0);
  });
});
