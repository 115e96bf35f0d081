import { describe, expect, it } from 'vitest';
import { body, CALLBACK, DELAY_MS, SECRET, template, useSandboxMeta } from './sandbox-fixture.js';
import { WEBHOOK_JOB } from './sandbox.js';
import { verifyMetaSignature } from './signature.js';
import type { SubmittedTemplate } from './templates.js';

const { s, later, run, row, jobsOf, reviewed, deliveredBodies } = useSandboxMeta();

describe("the sandbox Meta's review", () => {
  it('decides after the review delay, not before, and approves an ordinary template', async () => {
    const { id } = await s.meta.create(template());
    later(DELAY_MS - 1);
    expect((await run()).ran).toBe(0);
    later(1);
    expect(await run()).toEqual({ ran: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'APPROVED', rejectedReason: 'NONE', category: 'UTILITY' });
  });

  it('posts the status webhook to the callback, signed so the endpoint can verify it', async () => {
    const { id } = await s.meta.create(template());
    later(DELAY_MS);
    await run();
    const [delivery] = await deliveredBodies();
    expect(s.sent).toHaveLength(1);
    expect(s.sent[0]!.url).toBe(CALLBACK);
    expect(s.sent[0]!.headers['content-type']).toBe('application/json');
    expect(verifyMetaSignature(SECRET, Buffer.from(s.sent[0]!.body), s.sent[0]!.headers['x-hub-signature-256'])).toBe(
      true,
    );
    expect(
      verifyMetaSignature('another-secret', Buffer.from(s.sent[0]!.body), s.sent[0]!.headers['x-hub-signature-256']),
    ).toBe(false);
    expect(delivery).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba-1',
          time: Math.floor(s.clock.getTime() / 1000),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'APPROVED',
                message_template_id: Number(id),
                message_template_name: 'order_update',
                message_template_language: 'en_US',
                reason: 'NONE',
                message_template_category: 'UTILITY',
              },
            },
          ],
        },
      ],
    });
    expect(await jobsOf(WEBHOOK_JOB)).toEqual([]);
  });

  it('rejects by what the template says: shortened links, scams and abuse', async () => {
    const cases: [Partial<SubmittedTemplate>, string][] = [
      [{ components: [body('Track your parcel {{1}} at https://bit.ly/abc123 any time today.')] }, 'INVALID_FORMAT'],
      [{ components: [body('Congratulations {{1}}, you have won our lottery! Reply today please.')] }, 'SCAM'],
      [{ components: [body('Pay your bill {{1}} now, you idiot, or we will call again.')] }, 'ABUSIVE_CONTENT'],
    ];
    // An authentication template with a link of its own (INCORRECT_CATEGORY) no longer reaches the
    // review: Meta refuses it when it is created (checks-authentication.test.ts).
    for (const [over, reason] of cases) {
      expect(await reviewed(template({ name: `case_${reason.toLowerCase()}`, ...over }))).toMatchObject({
        status: 'REJECTED',
        rejectedReason: reason,
      });
    }
    const values = (await deliveredBodies()).map((d) => d.entry[0]!.changes[0]!.value);
    expect(values.map((v) => [v.event, v.reason])).toEqual(cases.map(([, reason]) => ['REJECTED', reason]));
    expect(values[0]!.rejection_info).toMatchObject({ reason: expect.stringContaining('URL shorteners') });
    expect(values[1]!.rejection_info).toBeUndefined();
  });

  it('approves a utility template that reads as marketing, then moves it to MARKETING and says so', async () => {
    const offer = template({
      components: [body('Hi {{1}}, get 50% off on all shoes this weekend only. Shop now and save big with our sale!')],
    });
    const moved = await reviewed(offer);
    expect(moved).toMatchObject({ status: 'APPROVED', category: 'MARKETING', previousCategory: 'UTILITY' });
    expect((await s.meta.list('waba-1'))[0]).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
    // The category change follows the approval's delivery, never before it.
    await run();
    expect(s.sent).toHaveLength(1);
    later(1_000);
    const changes = (await deliveredBodies()).map((d) => d.entry[0]!.changes[0]!);
    expect(changes).toEqual([
      expect.objectContaining({
        field: 'message_template_status_update',
        value: expect.objectContaining({ event: 'APPROVED', message_template_category: 'UTILITY' }),
      }),
      {
        field: 'template_category_update',
        value: {
          message_template_id: Number(moved.id),
          message_template_name: 'order_update',
          message_template_language: 'en_US',
          previous_category: 'UTILITY',
          new_category: 'MARKETING',
        },
      },
    ]);
  });

  it('decides nothing about a template deleted before its review', async () => {
    await s.meta.create(template());
    await s.meta.delete('waba-1', 'order_update');
    later(DELAY_MS);
    await run();
    expect((await s.meta.list('waba-1'))[0]!.status).toBe('DELETED');
    expect(await jobsOf(WEBHOOK_JOB)).toEqual([]);
  });
});

describe('webhook delivery', () => {
  it('keeps a delivery the receiver did not take (500 or no answer) and retries it later', async () => {
    await s.meta.create(template());
    later(DELAY_MS);
    await run();
    s.receiver = () => 500;
    expect(await run()).toEqual({ ran: 1, failed: 1 });
    const [job] = await jobsOf(WEBHOOK_JOB);
    expect(job).toMatchObject({ attempts: 1, failedAt: null, lastError: expect.stringContaining('500') });
    expect(job!.runAt.getTime()).toBeGreaterThan(s.clock.getTime());
    // Not again before the backoff has passed.
    expect((await run()).ran).toBe(0);
    s.receiver = () => {
      throw new Error('connect ECONNREFUSED');
    };
    later(60_000);
    expect(await run()).toEqual({ ran: 1, failed: 1 });
    expect((await jobsOf(WEBHOOK_JOB))[0]).toMatchObject({ attempts: 2, lastError: 'connect ECONNREFUSED' });
    s.receiver = () => 200;
    later(3600_000);
    expect(await run()).toEqual({ ran: 1, failed: 0 });
    expect(await jobsOf(WEBHOOK_JOB)).toEqual([]);
    // The same signed body each time.
    expect(new Set(s.sent.map((s) => s.body)).size).toBe(1);
    expect(s.sent).toHaveLength(3);
  });
});
