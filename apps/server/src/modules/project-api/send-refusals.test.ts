import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectApiMessages as m, templateMessages } from '@pc/contract';
import { jobs, messageEvents } from '../../platform/db/schema.js';
import { setProject } from '../webhooks/test-fixture.js';
import { message, restoreMetro, startProjectApi, type Api } from './test-fixture.js';

/** A send refused before anything is sent: nothing recorded, nothing scheduled, a message that says why. */
let a: Api;
beforeAll(async () => {
  a = await startProjectApi();
});
afterAll(() => a.t.close());
beforeEach(() => restoreMetro(a));

const nothingHappened = async (work: () => Promise<void>) => {
  const events = async () =>
    (
      await a.t.database.db.select({ n: count() }).from(messageEvents).where(eq(messageEvents.projectId, a.metro.id))
    )[0]!.n;
  const statusJobs = async () =>
    (await a.t.database.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, 'sandbox.meta.message-status')))[0]!.n;
  const before = [await events(), await statusJobs()];
  await work();
  expect([await events(), await statusJobs()]).toEqual(before);
};

const refused = async (body: unknown, status: number, text: string | RegExp, code?: string) =>
  nothingHappened(async () => {
    const res = await a.send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (typeof text === 'string') expect(res.body.message).toBe(text);
    else expect(res.body.message).toMatch(text);
    if (code) expect(res.body.code).toBe(code);
  });

describe('the number', () => {
  it('must be 8 to 15 digits (a leading + allowed)', async () => {
    for (const to of ['', 'abc', '1234567', '1234567890123456', '+91 98765 00001', '91-9876500001'])
      await refused(message(to), 400, m.badNumber, 'VALIDATION');
    const plus = await a.send(message('+919876500002'));
    expect(plus.status).toBe(202);
  });

  it('must be a possible number of a country, which prices the conversation', async () => {
    await refused(message('80012345678'), 400, m.unknownCountry('80012345678'));
    await refused(message('91987650'), 400, m.unknownCountry('91987650'));
  });
});

describe('the template', () => {
  it("must be one of the project's, by name and language", async () => {
    await refused(
      message('919876500003', { name: 'no_such_template' }),
      400,
      m.unknownTemplate('no_such_template', 'en'),
    );
    await refused(
      message('919876500003', { language: 'en_US' }),
      400,
      m.unknownTemplate('appointment_reminder', 'en_US'),
    );
    // Sunrise Bakery's (the same partner's), not Metro's.
    await refused(
      message('919876500003', { name: 'order_confirmation', parameters: ['a', 'b', 'c'] }),
      400,
      m.unknownTemplate('order_confirmation', 'en'),
    );
  });

  it('must be APPROVED', async () => {
    await refused(
      message('919876500003', { name: 'health_checkup_offer', parameters: [] }),
      400,
      m.notApproved('health_checkup_offer', 'en', 'REJECTED'),
    );
  });

  it('takes exactly its body parameters, each a single line', async () => {
    await refused(
      message('919876500003', { parameters: ['Farah', 'Dr. Rao'] }),
      400,
      m.parameterCount('appointment_reminder', 3, 2),
    );
    await refused(
      message('919876500003', { parameters: undefined }),
      400,
      m.parameterCount('appointment_reminder', 3, 0),
    );
    await refused(message('919876500003', { parameters: ['Farah', 'Dr.\nRao', 'x'] }), 400, m.parameterText(2));
    await refused(message('919876500003', { parameters: ['Farah', 'Dr. Rao', ' '] }), 400, m.parameterText(3));
  });

  it('refuses values it has no place for', async () => {
    await refused(message('919876500003', { urlParameter: 'x' }), 400, m.urlParameterUnused('appointment_reminder'));
    await refused(
      message('919876500003', { mediaUrl: 'https://cdn.example.com/a.png' }),
      400,
      m.mediaUrlUnused('appointment_reminder'),
    );
    await refused(message('919876500003', { mediaUrl: 'javascript:alert(1)' }), 400, /./, 'VALIDATION');
  });
});

describe('the project', () => {
  it('must be live on WhatsApp', async () => {
    await setProject(a.t, a.metro.id, { isWhatsappVerified: false });
    await refused(message('919876500003'), 400, templateMessages.wabaNotLive);
    await setProject(a.t, a.metro.id, { isWhatsappVerified: true });
  });

  it('must not be stopped or held by the platform: 403', async () => {
    for (const status of ['stopped', 'suspended', 'unpaid', 'terminated']) {
      await setProject(a.t, a.metro.id, { status });
      await refused(message('919876500003'), 403, m.projectCannotSend(status));
    }
  });
});

describe("the provider's refusal", () => {
  it("is a 422 with Meta's code and words, and nothing is recorded", async () => {
    await refused(
      message('919876131030'),
      422,
      /^The messaging provider refused the message: \(#131030\) Recipient phone number not in allowed list/,
      'PROVIDER_REFUSED',
    );
  });
});
