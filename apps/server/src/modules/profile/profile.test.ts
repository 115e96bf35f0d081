import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages, webhookMessages, type Partner } from '@pc/contract';
import { partnerAuditLog, projects } from '../../platform/db/schema.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let owner: string;
let agent: string;
beforeAll(async () => {
  t = await startTestApp();
  [owner, agent] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'agent')]);
});
afterAll(() => t.close());

const profile = async (token = owner) =>
  (await call<{ data: Partner }>(t.app, 'POST', '/api/get-profile', { token })).body.data;
const update = (body?: unknown, token = owner) => call(t.app, 'PATCH', '/api/profile-update', { token, body });

describe('POST /api/get-profile', () => {
  it("gives the caller's own partner, to the owner and a member alike", async () => {
    const acme = await profile();
    expect(acme).toMatchObject({
      name: 'Acme Messaging',
      type: 'WHITELABEL',
      currency: 'INR',
      brandName: 'Acme Connect',
      maxRoles: 5,
      maxAgents: 10,
    });
    expect(acme._id).toBe(acme.id);
    // The same partner, but roles are the owner's: a member's map holds only their own role.
    const { roles: memberRoles, ...forMember } = await profile(agent);
    const { roles: _all, ...forOwner } = acme;
    expect(forMember).toEqual(forOwner);
    expect(Object.keys(memberRoles)).toEqual(['Viewer']);
    expect(await profile(await signInAs(t.app, 'direct'))).toMatchObject({ name: 'Direct Retail', type: 'DIRECT' });
  });

  it("counts liveAccounts as the dashboard's WhatsApp Account Live, now (a project going live counts at once)", async () => {
    const live = async () =>
      (await call<{ whatsappAccountLive: number }>(t.app, 'GET', '/api/dashboard-summary', { token: owner })).body
        .whatsappAccountLive;
    const before = await live();
    expect(before).toBeGreaterThan(0);
    expect((await profile()).liveAccounts).toBe(before);
    const [draft] = await t.database.db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          eq(projects.partnerId, (await profile()).id),
          eq(projects.isWhatsappVerified, false),
          // A deleted project does not count live: the draft must be one that would.
          eq(projects.partnerArchived, false),
        ),
      )
      .orderBy(projects.id)
      .limit(1);
    await t.database.db.update(projects).set({ isWhatsappVerified: true }).where(eq(projects.id, draft!.id));
    expect(await live()).toBe(before + 1);
    expect((await profile()).liveAccounts).toBe(before + 1);
    await t.database.db.update(projects).set({ isWhatsappVerified: false }).where(eq(projects.id, draft!.id));
  });

  it('never shows the SSO secret', async () => {
    expect((await update({ ssoSecretKey: 'abcdefghijklmnopqrstuvwxyz01234567' })).status).toBe(200);
    expect(Object.keys(await profile())).not.toContain('ssoSecretKey');
  });

  it('needs a signed-in partner member', async () => {
    expect((await call(t.app, 'POST', '/api/get-profile')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/get-profile', { token: await signInAs(t.app, 'admin') })).status).toBe(403);
  });
});

describe('PATCH /api/profile-update', () => {
  it('changes only the fields sent', async () => {
    const before = await profile();
    const res = await update({ brandName: 'Acme Cloud', webhookUrl: 'https://hooks.acme.example/wa' });
    expect(res).toEqual({ status: 200, body: { message: messages.profileUpdated } });
    expect(await profile()).toEqual({
      ...before,
      brandName: 'Acme Cloud',
      webhookUrl: 'https://hooks.acme.example/wa',
    });

    const after = await profile();
    expect((await update({ faviconUrl: 'https://cdn.acme.example/favicon.ico' })).status).toBe(200);
    expect(await profile()).toEqual({ ...after, faviconUrl: 'https://cdn.acme.example/favicon.ico' });
  });

  it('logs the fields changed, and of the SSO secret only that it was rotated or removed, never its value', async () => {
    const secret = 'LoggedSecret0123456789abcdefABCDEF';
    const before = await profile();
    expect((await update({ loadingGifUrl: 'https://cdn.acme.example/wait.gif', ssoSecretKey: secret })).status).toBe(
      200,
    );
    expect((await update({ ssoSecretKey: null })).status).toBe(200);
    const entries = (
      await t.database.db.select().from(partnerAuditLog).where(eq(partnerAuditLog.action, 'partner.profile'))
    ).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(entries.slice(-2)).toEqual([
      expect.objectContaining({
        targetKind: 'partner',
        targetId: before.id,
        before: { loadingGifUrl: before.loadingGifUrl ?? null },
        after: { loadingGifUrl: 'https://cdn.acme.example/wait.gif', secret: 'rotated' },
      }),
      expect.objectContaining({ before: {}, after: { secret: 'removed' } }),
    ]);
    expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('clears a brand URL sent as null', async () => {
    expect((await update({ webhookUrl: 'https://hooks.acme.example/clear-me' })).status).toBe(200);
    const before = await profile();
    expect((await update({ webhookUrl: null })).status).toBe(200);
    expect(await profile()).toEqual({ ...before, webhookUrl: null });
  });

  it("refuses a bad URL with the contract's message and changes nothing", async () => {
    const before = await profile();
    const tooLong = `https://cdn.acme.example/${'a'.repeat(2048)}.png`;
    for (const bad of [
      'ftp://files.acme.example/logo.png',
      'javascript:alert(1)',
      'not a url',
      '//evil.example/logo.png',
      tooLong,
    ]) {
      const res = await update({ brandName: 'Changed Anyway?', brandLogoUrl: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(messages.invalidUrl);
      expect(res.body.fields).toEqual({ brandLogoUrl: messages.invalidUrl });
    }
    expect(await profile()).toEqual(before);
  });

  it('refuses a webhook URL to loopback, a private network or with credentials, as the webhooks do', async () => {
    const before = await profile();
    for (const [bad, message] of [
      ['http://127.0.0.1:8080/hook', webhookMessages.urlNotPublic],
      ['http://localhost/hook', webhookMessages.urlNotPublic],
      ['http://[::1]/hook', webhookMessages.urlNotPublic],
      ['http://10.1.2.3/hook', webhookMessages.urlNotPublic],
      ['http://192.168.0.10/hook', webhookMessages.urlNotPublic],
      ['http://169.254.169.254/latest/meta-data', webhookMessages.urlNotPublic],
      ['https://user:pass@hooks.acme.example/wa', webhookMessages.urlInvalid],
    ] as const) {
      const res = await update({ brandName: 'Changed Anyway?', webhookUrl: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ message, fields: { webhookUrl: message } });
    }
    expect(await profile()).toEqual(before);
  });

  it('refuses an empty update or no body at all', async () => {
    const before = await profile();
    for (const body of [{}, { unknownField: 'x' }, undefined]) {
      const res = await update(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await update({ brandName: '   ' })).status).toBe(400);
    expect(await profile()).toEqual(before);
  });

  it('is for the owner only', async () => {
    const before = await profile();
    const res = await update({ brandName: 'Hijacked' }, agent);
    expect(res).toMatchObject({ status: 403, body: { message: messages.ownerOnly } });
    expect((await update({ brandName: 'Hijacked' }, await signInAs(t.app, 'priya'))).status).toBe(403);
    expect((await update({ brandName: 'Hijacked' }, '')).status).toBe(401);
    expect(await profile()).toEqual(before);
  });
});
