import type { TemplateComponent } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { body, DELAY_MS, template, useSandboxMeta } from './sandbox-fixture.js';
import { REVIEW_JOB } from './sandbox.js';
import { MetaApiError } from '../graph-error.js';

const { s, later, jobsOf, refusal } = useSandboxMeta();

describe('submitting to the sandbox Meta', () => {
  it('holds the template PENDING under a numeric id like Meta and schedules its review', async () => {
    const created = await s.meta.create(template());
    expect(created).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
    expect(created.id).toMatch(/^[1-9]\d{15}$/);
    expect(Number.isSafeInteger(Number(created.id))).toBe(true);
    expect(await s.meta.list('waba-1')).toEqual([
      expect.objectContaining({ id: created.id, status: 'PENDING', rejectedReason: 'NONE', previousCategory: null }),
    ]);
    expect(await s.meta.list('waba-2')).toEqual([]);
    const [review] = await jobsOf(REVIEW_JOB);
    expect(review!.runAt).toEqual(new Date(s.clock.getTime() + DELAY_MS));
  });

  it('refuses a second template of the same name and language with 2388024', async () => {
    await s.meta.create(template());
    expect(await refusal(template())).toMatchObject({
      httpStatus: 400,
      code: 100,
      subcode: 2388024,
      userTitle: 'Content in This Language Already Exists',
    });
    // Another language of the same name is another template.
    expect((await s.meta.create(template({ language: 'hi' }))).status).toBe('PENDING');
    expect(await jobsOf(REVIEW_JOB)).toHaveLength(2);
  });

  it('refuses a variable at the start or end of the body with 2388299, worded as a floating parameter', async () => {
    for (const text of ['{{1}} is the number of your order with us today.', 'Thank you, your order number is {{1}}.']) {
      const error = await refusal(template({ components: [body(text)] }));
      expect(error).toBeInstanceOf(MetaApiError);
      expect(error).toMatchObject({ code: 100, subcode: 2388299 });
      expect(`${error.message} ${error.userTitle}`).toContain('Floating');
    }
    expect(await s.meta.list('waba-1')).toEqual([]);
  });

  it('refuses too many variables for the words (2388293), a variable without its example (2388043) and unknown values (100)', async () => {
    const dense = body('Hi {{1}} {{2}} and {{3}} ok.', ['a', 'b', 'c']);
    expect(await refusal(template({ components: [dense] }))).toMatchObject({ subcode: 2388293 });
    const noExample: TemplateComponent = { type: 'BODY', text: 'Your order {{1}} has been packed and ships today.' };
    expect(await refusal(template({ components: [noExample] }))).toMatchObject({ code: 100, subcode: 2388043 });
    expect(await refusal(template({ language: 'xx_XX' }))).toMatchObject({ code: 100, subcode: undefined });
    expect((await refusal(template({ category: 'PROMO' }))).message).toContain('Param category must be one of');
    expect(await refusal(template({ name: 'Order Update' }))).toMatchObject({ code: 100 });
    expect(await refusal(template({ components: [{ type: 'FOOTER', text: 'Thanks' }] }))).toMatchObject({ code: 100 });
  });

  it("refuses a deleted template's name for 30 days (2388023), then takes it again", async () => {
    await s.meta.create(template());
    await s.meta.delete('waba-1', 'order_update');
    expect((await s.meta.list('waba-1'))[0]!.status).toBe('DELETED');
    later(29 * 24 * 3600_000);
    const error = await refusal(template());
    expect(error).toMatchObject({ code: 100, subcode: 2388023 });
    expect(error.userMessage).toContain("New English (US) content can't be added");
    // A delete takes the name in every language.
    expect(await refusal(template({ language: 'hi' }))).toMatchObject({ subcode: 2388023 });
    later(2 * 24 * 3600_000);
    expect((await s.meta.create(template())).status).toBe('PENDING');
    expect(await s.meta.list('waba-1')).toHaveLength(1);
    await expect(s.meta.delete('waba-1', 'never_there')).rejects.toBeInstanceOf(MetaApiError);
  });
});
