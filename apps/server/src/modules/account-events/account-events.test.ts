import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { ProjectDetail } from '@pc/contract';
import { postMetaWebhook } from '../../../test/meta-webhook.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { metaAccountEvents, partners, projects } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import {
  accountAlert,
  accountDeleted,
  accountViolation,
  capabilityUpdate,
  disabledUpdate,
  nameUpdate,
  partnerEvent,
  qualityUpdate,
  reviewUpdate,
} from '../../providers/meta/accounts/meta-payloads.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { signMetaPayload } from '../../providers/meta/templates/signature.js';

// The payloads are Meta's webhooks reference examples (providers/meta/accounts/meta-payloads.ts
// names each page), posted signed to the route Meta calls.

let t: TestContext;
let owner: string;
let secret: string;
let acme: string;
/** Acme's live projects, one per test, each given its own WhatsApp Business Account and number. */
let free: { id: string; waba: string; number: string }[] = [];
let used = 0;
const fresh = () => free[used++]!;
let time = Math.floor(Date.now() / 1000);
const next = () => (time += 60);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  secret = metaAppSecret(t.deps.env);
  [{ id: acme }] = (await t.database.db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.name, 'Acme Messaging'))) as [{ id: string }];
  const rows = await t.database.db
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(eq(projects.partnerId, acme), eq(projects.isWhatsappVerified, true), eq(projects.partnerArchived, false)),
    )
    .orderBy(asc(projects.name))
    .limit(12);
  free = rows.map((r, i) => ({ id: r.id, waba: `90000000000${i + 10}`, number: `9199000000${i + 10}` }));
  for (const p of free)
    await t.database.db
      .update(projects)
      .set({
        wabaAppId: p.waba,
        whatsappNumber: p.number,
        wabaBanState: null,
        wabaBanDate: null,
        messagingLimit: 'TIER_250',
        qualityRating: 'GREEN',
        displayNameStatus: 'APPROVED',
        metaAccount: {},
      })
      .where(eq(projects.id, p.id));
});
afterAll(() => t.close());

const deliver = (payload: unknown, signature?: string | null) => {
  const body = JSON.stringify(payload);
  const sig = signature === undefined ? signMetaPayload(secret, body) : signature;
  return postMetaWebhook(t, body, sig);
};
const delivered = async (payload: unknown) => {
  const res = await deliver(payload);
  expect(res.statusCode, res.body).toBe(200);
};
const detail = async (id: string) => {
  const res = await call<ProjectDetail[]>(t.app, 'GET', `/api/get-project/${id}`, { token: owner });
  expect(res.status).toBe(200);
  return res.body[0]!;
};
const kept = (waba: string) =>
  t.database.db
    .select()
    .from(metaAccountEvents)
    .where(eq(metaAccountEvents.wabaId, waba))
    .orderBy(asc(metaAccountEvents.happenedAt));
const mailsAbout = async (name: string) => {
  await runDueJobs(t.deps.db, t.app.jobHandlers, () => t.clock.now);
  return t.outbox.sent.filter((m) => m.subject.startsWith(`${name}:`));
};

describe("Meta's account webhooks on the project", () => {
  it("a ban shows the DISABLED state with Meta's date, mails the owner, and a reinstatement lifts it", async () => {
    const p = fresh();
    await delivered(disabledUpdate(p.waba, next(), 'DISABLE', 'April 17, 2025'));
    const banned = await detail(p.id);
    expect(banned.wabaAppStatus).toEqual({ waba_ban_state: 'DISABLE', waba_ban_date: '2025-04-17T00:00:00.000Z' });
    const mails = await mailsAbout(banned.assistantName);
    expect(mails.at(-1)?.subject).toBe(`${banned.assistantName}: disabled by Meta`);
    expect(mails.at(-1)?.text).toContain('cannot send messages');

    await delivered(disabledUpdate(p.waba, next(), 'REINSTATE'));
    expect((await detail(p.id)).wabaAppStatus.waba_ban_state).toBe('REINSTATE');
    expect((await detail(p.id)).wabaAppStatus.waba_ban_date).toBeNull();
  });

  it('applies deliveries in any order: an older word arriving late changes nothing; a repeat is kept once', async () => {
    const p = fresh();
    const older = disabledUpdate(p.waba, next(), 'DISABLE');
    const newer = disabledUpdate(p.waba, next(), 'REINSTATE');
    await delivered(newer);
    await delivered(older);
    await delivered(older);
    expect((await detail(p.id)).wabaAppStatus.waba_ban_state).toBe('REINSTATE');
    expect((await kept(p.waba)).map((e) => e.outcome)).toEqual(['unchanged', 'applied']);
  });

  it('the portfolio limit and a flagged number (quality low) arrive on the number; another number is not touched', async () => {
    const p = fresh();
    await delivered(
      qualityUpdate(p.waba, next(), p.number, 'ONBOARDING', { max_daily_conversations_per_business: 'TIER_2K' }),
    );
    expect((await detail(p.id)).messagingLimit).toBe('TIER_2K');
    // Meta's events before October 2025: FLAGGED when the number's quality fell to low.
    await delivered(qualityUpdate(p.waba, next(), p.number, 'FLAGGED', { current_limit: 'TIER_2K' }));
    const flagged = await detail(p.id);
    expect(flagged.qualityRating).toBe('RED');
    expect(flagged.messagingLimit).toBe('TIER_2K');
    await delivered(
      qualityUpdate(p.waba, next(), '15550783881', 'THROUGHPUT_UPGRADE', { current_limit: 'TIER_UNLIMITED' }),
    );
    expect((await detail(p.id)).messagingLimit).toBe('TIER_2K');
    expect((await kept(p.waba)).at(-1)?.outcome).toBe('unknown_number');
  });

  it('business_capability_update sends the limit as a number: 2000 is TIER_2K', async () => {
    const p = fresh();
    await delivered(capabilityUpdate(p.waba, next(), 2000));
    const d = await detail(p.id);
    expect(d.messagingLimit).toBe('TIER_2K');
    expect(d.metaAccount.capability).toMatchObject({ limit: 'TIER_2K', maxPhoneNumbers: 25 });
  });

  it('a rejected display name says why; an approved one becomes the display name', async () => {
    const p = fresh();
    await delivered(nameUpdate(p.waba, next(), p.number, 'REJECTED', 'Lucky Shrub', 'NAME_FORMAT_UNACCEPTABLE'));
    const rejected = await detail(p.id);
    expect(rejected.displayNameStatus).toBe('REJECTED');
    expect(rejected.metaAccount.name).toMatchObject({ rejectionReason: 'NAME_FORMAT_UNACCEPTABLE' });
    await delivered(nameUpdate(p.waba, next(), p.number, 'APPROVED', 'Lucky Shrub'));
    const approved = await detail(p.id);
    expect(approved.displayNameStatus).toBe('APPROVED');
    expect(approved.whatsAppDisplayName).toBe('Lucky Shrub');
  });

  it('the client removing the app takes the project off live; PARTNER_ADDED is recorded', async () => {
    const p = fresh();
    await delivered(
      partnerEvent('PARTNER_ADDED', '2949482758682047', next(), {
        wabaId: p.waba,
        ownerBusinessId: '2329417887457253',
      }),
    );
    expect((await detail(p.id)).metaAccount.connection?.event).toBe('PARTNER_ADDED');
    await delivered(
      partnerEvent('PARTNER_APP_UNINSTALLED', '2949482758682047', next(), {
        wabaId: p.waba,
        ownerBusinessId: '2329417887457253',
        partnerAppId: '869361281603019',
      }),
    );
    const gone = await detail(p.id);
    expect(gone.isWhatsappVerified).toBe(false);
    expect(gone.metaAccount.connection?.event).toBe('PARTNER_APP_UNINSTALLED');
    expect((await mailsAbout(gone.assistantName)).at(-1)?.subject).toBe(
      `${gone.assistantName}: disconnected from Meta`,
    );
  });

  it('a violation, a deleted account, a rejected review and an alert are kept on the project', async () => {
    const p = fresh();
    await delivered(accountViolation(p.waba, next()));
    await delivered(reviewUpdate(p.waba, next(), 'REJECTED'));
    const alert = {
      entityId: '506914307656634',
      severity: 'WARNING',
      type: 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED',
      description: 'Limits cannot be increased for your business.',
    };
    await delivered(accountAlert(p.waba, next(), { ...alert, status: 'ACTIVE' }));
    let d = await detail(p.id);
    expect(d.metaAccount.violation?.type).toBe('ADULT');
    expect(d.metaAccount.review?.decision).toBe('REJECTED');
    expect(d.metaAccount.alerts?.map((a) => a.type)).toEqual(['INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED']);
    await delivered(accountAlert(p.waba, next(), { ...alert, status: 'NONE' }));
    await delivered(accountDeleted(p.waba, next()));
    d = await detail(p.id);
    expect(d.metaAccount.alerts).toEqual([]);
    expect(d.wabaDeleted).toBe(true);
    expect(d.isWhatsappVerified).toBe(false);
  });
});

describe('what the console cannot apply is kept and answered 200', () => {
  it('an account no partner has: recorded, nothing changed', async () => {
    await delivered(disabledUpdate('777000000000001', next(), 'DISABLE'));
    expect((await kept('777000000000001')).map((e) => e.outcome)).toEqual(['unknown_account']);
  });

  it('a change missing its fields: kept raw, nothing changed', async () => {
    const p = fresh();
    await delivered({
      object: 'whatsapp_business_account',
      entry: [
        { id: p.waba, time: next(), changes: [{ field: 'account_update', value: { event: 'DISABLED_UPDATE' } }] },
      ],
    });
    expect((await detail(p.id)).wabaAppStatus.waba_ban_state).toBeNull();
    expect((await kept(p.waba)).map((e) => [e.outcome, e.value])).toEqual([['unread', { event: 'DISABLED_UPDATE' }]]);
  });

  it('a change whose value is null: kept (as an empty one), answered 200', async () => {
    const p = fresh();
    await delivered({
      object: 'whatsapp_business_account',
      entry: [{ id: p.waba, time: next(), changes: [{ field: 'account_alerts', value: null }] }],
    });
    expect((await kept(p.waba)).map((e) => [e.outcome, e.value])).toEqual([['unread', {}]]);
  });

  it('a bad signature is 401 and keeps nothing', async () => {
    const p = fresh();
    const res = await deliver(disabledUpdate(p.waba, next(), 'DISABLE'), 'sha256=00');
    expect(res.statusCode).toBe(401);
    expect(await kept(p.waba)).toEqual([]);
    expect((await detail(p.id)).wabaAppStatus.waba_ban_state).toBeNull();
  });
});

describe("the owner's mail", () => {
  it('says a flagged number fell to low quality, and a limit change says the new limit', async () => {
    const p = fresh();
    await delivered(qualityUpdate(p.waba, next(), p.number, 'FLAGGED', {}));
    const name = (await detail(p.id)).assistantName;
    expect((await mailsAbout(name)).at(-1)?.subject).toBe(`${name}: quality rating fell to low`);
    await delivered(capabilityUpdate(p.waba, next(), 10000));
    const mail = (await mailsAbout(name)).at(-1)!;
    expect(mail.subject).toBe(`${name}: messaging limit changed`);
    expect(mail.text).toContain('10,000 a day');
  });
});
