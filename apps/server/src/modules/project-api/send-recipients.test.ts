import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectApiMessages as m } from '@pc/contract';
import { jobs, marketingOptOuts, messageEvents, templates } from '../../platform/db/schema.js';
import { STATUS_JOB } from '../../providers/meta/messages/sandbox.js';
import type { UserPreferenceReport } from '../../providers/meta/messages/inbound.js';
import { recordUserPreferences } from '../opt-outs/record.js';
import { setProject } from '../webhooks/test-fixture.js';
import { conversationsWith, eventsTo, message, restoreMetro, startProjectApi, type Api } from './test-fixture.js';

/**
 * Who a send may go to: a phone number or a business-scoped user id (BSUID), kept as given; and
 * not, with a marketing template, a user who stopped the business's marketing messages (Meta's
 * user_preferences webhook), whom Meta would fail with 131050: refused before sending, as Meta's
 * refusals are answered.
 */
let a: Api;
const NUMBER = '106540352242922';
const BSUID = 'US.13491208655302741918';
beforeAll(async () => {
  a = await startProjectApi();
  // Metro's business number at Meta, which Meta's webhooks name.
  await setProject(a.t, a.metro.id, { wabaNumberId: NUMBER });
});
afterAll(() => a.t.close());
beforeEach(async () => {
  await restoreMetro(a);
  await a.t.database.db.delete(marketingOptOuts);
});

const nothingSent = async (work: () => Promise<void>) => {
  const counts = async () => [
    (
      await a.t.database.db.select({ n: count() }).from(messageEvents).where(eq(messageEvents.projectId, a.metro.id))
    )[0]!.n,
    (await a.t.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, STATUS_JOB)))[0]!.n,
  ];
  const before = await counts();
  await work();
  expect(await counts()).toEqual(before);
};

/** Metro's appointment_reminder as a MARKETING template for the duration of `work`. */
const asMarketing = async (work: () => Promise<void>) => {
  const reminder = and(eq(templates.projectId, a.metro.id), eq(templates.name, 'appointment_reminder'));
  await a.t.database.db.update(templates).set({ category: 'MARKETING' }).where(reminder);
  try {
    await work();
  } finally {
    await a.t.database.db.update(templates).set({ category: 'UTILITY' }).where(reminder);
  }
};

const preference = (value: 'stop' | 'resume', at: string, ids: { waId?: string; userId?: string }) =>
  ({
    phoneNumberId: NUMBER,
    ...ids,
    value,
    category: 'marketing_messages',
    timestamp: at,
  }) satisfies UserPreferenceReport;

const optedOut = m.providerRefused(
  '(#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business. Do not retry sending messages to this user as they will not be received.',
);

describe('a business-scoped user id as the recipient', () => {
  it('is sent to, kept as given, and priced in the country it starts with', async () => {
    for (const to of [BSUID, 'US.ENT.11815799212886844830']) {
      const res = await a.send(message(to));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect((await eventsTo(a, to)).map((e) => [e.recipient, e.status])).toEqual([[to, 'sent']]);
      expect((await conversationsWith(a, to)).map((c) => c.country)).toEqual(['US']);
    }
  });

  it("must be in Meta's current format and start with a country", async () => {
    for (const to of ['us.13491208655302741918', 'user.9373795779eb', `US.${'1'.repeat(129)}`]) {
      const res = await a.send(message(to));
      expect([res.status, res.body.message]).toEqual([400, m.badNumber]);
    }
    const res = await a.send(message('XX.13491208655302741918'));
    expect([res.status, res.body.message]).toEqual([400, m.unknownBsuidCountry('XX.13491208655302741918')]);
  });

  it('is refused an authentication template, as Meta refuses it (131062), before sending', async () =>
    nothingSent(async () => {
      const res = await a.send(message(BSUID, { name: 'login_code', language: 'en_US', parameters: ['482913'] }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'PROVIDER_REFUSED' });
      expect(res.body.message).toMatch(/\(#131062\) Business-scoped User ID \(BSUID\) recipients are not supported/);
    }));
});

describe('a recipient who stopped marketing messages', () => {
  it("is refused a marketing template with Meta's 131050, before anything is sent or charged", async () =>
    asMarketing(async () => {
      await recordUserPreferences(a.t.database.db, [
        preference('stop', '2026-07-01T10:00:00.000Z', { waId: '919876500101' }),
      ]);
      await nothingSent(async () => {
        for (const to of ['919876500101', '+919876500101']) {
          const res = await a.send(message(to));
          expect(res.status).toBe(422);
          expect(res.body).toEqual({ code: 'PROVIDER_REFUSED', message: optedOut });
        }
      });
      // Another recipient is not concerned.
      expect((await a.send(message('919876500102'))).status).toBe(202);
    }));

  it('still gets utility templates, and marketing ones again once they resume', async () => {
    await recordUserPreferences(a.t.database.db, [
      preference('stop', '2026-07-01T10:00:00.000Z', { waId: '919876500103' }),
    ]);
    expect((await a.send(message('919876500103'))).status).toBe(202);
    await asMarketing(async () => {
      expect((await a.send(message('919876500103'))).status).toBe(422);
      await recordUserPreferences(a.t.database.db, [
        preference('resume', '2026-07-02T10:00:00.000Z', { waId: '919876500103' }),
      ]);
      expect((await a.send(message('919876500103'))).status).toBe(202);
    });
  });

  it('is refused by the business-scoped user id Meta named them with', async () =>
    asMarketing(async () => {
      await recordUserPreferences(a.t.database.db, [preference('stop', '2026-07-01T10:00:00.000Z', { userId: BSUID })]);
      const res = await a.send(message(BSUID));
      expect([res.status, res.body.message]).toEqual([422, optedOut]);
    }));
});
