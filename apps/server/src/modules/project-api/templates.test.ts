import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectApiTemplatesResponse } from '@pc/contract';
import { templates as templatesTable } from '../../platform/db/schema.js';
import { projectOf, setProject } from '../webhooks/test-fixture.js';
import { basic, startProjectApi, type Api } from './test-fixture.js';

/** GET /api/v1/templates: the credential's project's APPROVED templates, paged by name and language. */
let a: Api;
beforeAll(async () => {
  a = await startProjectApi();
});
afterAll(() => a.t.close());

const list = (query = '', auth?: string) =>
  a.api<ProjectApiTemplatesResponse & { message?: string }>('GET', `/api/v1/templates${query}`, { auth });

describe('the list', () => {
  it("is the project's approved templates only, by name, each summarised for a send", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    // Metro Clinics also has a REJECTED template; the other projects' (Sunrise's, same partner) are not here.
    expect(res.body.templates.map((t) => t.name)).toEqual([
      'appointment_reminder',
      'care_points',
      'login_code',
      'visit_feedback',
    ]);
    expect(res.body.next).toBeNull();
    expect(res.body.templates[0]).toEqual({
      name: 'appointment_reminder',
      language: 'en',
      category: 'UTILITY',
      type: 'TEXT',
      body: 'Hello {{1}}, this is a reminder of your appointment with {{2}} on {{3}} at Metro Clinics. Reply to reschedule.',
      bodyParameters: 3,
      header: null,
      footer: null,
      buttons: [
        { type: 'QUICK_REPLY', text: 'Confirm', takesParameter: false },
        { type: 'QUICK_REPLY', text: 'Reschedule', takesParameter: false },
      ],
    });
    // Meta's own text and one-time password button (copy code, the security sentence, 10 minutes).
    expect(res.body.templates.find((t) => t.name === 'login_code')).toEqual({
      name: 'login_code',
      language: 'en_US',
      category: 'AUTHENTICATION',
      type: 'TEXT',
      body: '*{{1}}* is your verification code. For your security, do not share this code.',
      bodyParameters: 1,
      header: null,
      footer: 'This code expires in 10 minutes.',
      buttons: [{ type: 'OTP', text: 'Copy code', otpType: 'COPY_CODE', takesParameter: false }],
    });
  });

  it("shows headers, footers and each kind of button (Sunrise's own app)", async () => {
    const bakery = await projectOf(a.t, 'Sunrise Bakery');
    // On a Basic plan in the demo: a Pro one opens the project API.
    await setProject(a.t, bakery.id, { activePlan: 'PRO_MONTHLY' });
    const sunrise = await a.credentialOf(bakery);
    const res = await list('', basic(sunrise));
    const byName = new Map(res.body.templates.map((t) => [t.name, t]));
    // Not approved: rejected, paused, pending, draft.
    for (const name of ['lucky_draw_winner', 'cart_reminder', 'delivery_update', 'christmas_special'])
      expect(byName.has(name), name).toBe(false);
    expect(byName.get('order_confirmation')).toMatchObject({
      header: { format: 'TEXT', text: 'Order confirmed' },
      footer: 'Sunrise Bakery',
      bodyParameters: 3,
    });
    expect(byName.get('weekend_offer')).toMatchObject({
      type: 'IMAGE',
      header: { format: 'IMAGE', text: null },
      buttons: [{ type: 'URL', text: 'Order now', url: 'https://sunrise.example/order', takesParameter: false }],
    });
    expect(byName.get('payment_reminder')!.buttons).toEqual([
      { type: 'PHONE_NUMBER', text: 'Call us', phoneNumber: '+919876543210', takesParameter: false },
      { type: 'URL', text: 'Pay now', url: 'https://sunrise.example/pay/{{1}}', takesParameter: true },
    ]);
    expect(byName.get('store_location')!.header).toEqual({ format: 'LOCATION', text: null });
    // Re-categorised by Meta: listed in its category now.
    expect(byName.get('festive_hampers')!.category).toBe('MARKETING');
  });

  it('leaves out a template Meta deleted', async () => {
    const where = and(eq(templatesTable.projectId, a.metro.id), eq(templatesTable.name, 'login_code'));
    await a.t.database.db.update(templatesTable).set({ deletedAt: a.t.clock.now }).where(where);
    expect((await list()).body.templates.map((t) => t.name)).toEqual([
      'appointment_reminder',
      'care_points',
      'visit_feedback',
    ]);
    await a.t.database.db.update(templatesTable).set({ deletedAt: null }).where(where);
  });
});

describe('pages', () => {
  it('follow one another by `next` without repeating or skipping', async () => {
    const first = await list('?limit=2');
    expect(first.body.templates.map((t) => t.name)).toEqual(['appointment_reminder', 'care_points']);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await list(`?limit=2&after=${first.body.next}`);
    expect(second.body.templates.map((t) => t.name)).toEqual(['login_code', 'visit_feedback']);
    expect(second.body.next).toBeNull();
  });

  it('refuse a limit out of 1..250 and a cursor that is not one: 400 with a message', async () => {
    for (const query of ['?limit=0', '?limit=251', '?limit=x', '?after=bm90LWpzb24', '?after=WzEsMl0']) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/\S/);
    }
  });
});
