import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Template } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { postMetaWebhook } from '../../../test/meta-webhook.js';
import { templates } from '../../platform/db/schema.js';
import { metaAppSecret } from '../../providers/meta/templates/create.js';
import { signMetaPayload } from '../../providers/meta/templates/signature.js';
import { createTemplate, freeLiveProjectsOf, validInput, whoAmI } from './test-fixture.js';

/**
 * What Meta's template webhooks say beyond the status, each test posting the webhooks reference's
 * own example (docs/research/meta-templates.md §4) with only the template id made the console's.
 */

const REFERENCE = 'https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference';

let t: TestContext;
let owner: string;
let agentId: string;
let secret: string;
let freeProjects: string[] = [];
let used = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
  secret = metaAppSecret(t.deps.env);
  const me = await whoAmI(t, owner);
  agentId = me.agentId;
  freeProjects = await freeLiveProjectsOf(t, me.partnerId);
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.database.db.select().from(templates).where(eq(templates.id, id)))[0]!;

/** A template submitted through the console; Meta's webhooks name it by Meta's id. */
const submitted = async (over: Parameters<typeof validInput>[0] = {}) => {
  const res = await createTemplate(t, owner, freeProjects[used++]!, validInput(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = await rowOf(res.body.id);
  return { row, metaId: Number(row.providerTemplateId) };
};

/** Meta's example body with the template id and the entry's time made now, posted signed. */
const deliver = async (example: string, metaId: number) => {
  const body = example
    .replace(/"message_template_id":\d+/, `"message_template_id":${metaId}`)
    .replace(/"time":\d+/, `"time":${Math.floor(t.clock.now.getTime() / 1000)}`);
  const res = await postMetaWebhook(t, body, signMetaPayload(secret, body));
  expect(res.statusCode, res.body).toBe(200);
};

const detailOf = async (id: string) =>
  (await call<Template[]>(t.app, 'GET', `/api/${agentId}/template-detials/${id}`, { token: owner })).body[0]!;

describe("Meta's template webhooks, beyond the status", () => {
  it(`keeps a rejection's reason and recommendation (${REFERENCE}/message_template_status_update)`, async () => {
    const { row, metaId } = await submitted({ name: 'abandoned_cart' });
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1751247548,"changes":[{"value":{"event":"REJECTED","message_template_id":1689556908129835,"message_template_name":"abandoned_cart","message_template_language":"en","reason":"INVALID_FORMAT","message_template_category":"MARKETING","rejection_info":{"reason":"Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.","recommendation":"Separate parameters with descriptive text and ensure each parameter is clearly contextualized."}},"field":"message_template_status_update"}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    const shown = await detailOf(row.id);
    expect(shown).toMatchObject({ status: 'REJECTED', rejectedReason: 'INVALID_FORMAT' });
    expect(shown.fromMeta.rejection).toEqual({
      reason:
        'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
      recommendation: 'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
    });
    // Approved after an edit: the rejection no longer holds.
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1751247548,"changes":[{"value":{"event":"APPROVED","message_template_id":1689556908129832,"message_template_name":"order_confirmation","message_template_language":"en-US","reason":"NONE","message_template_category":"UTILITY"},"field":"message_template_status_update"}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    expect((await detailOf(row.id)).fromMeta.rejection).toBeNull();
  });

  it("keeps a pause's kind, a flag and a lock, and the disable date (other_info, disable_info)", async () => {
    const { row, metaId } = await submitted({ name: 'weekly_offer' });
    const status = (value: object) =>
      JSON.stringify({
        entry: [
          {
            id: '102290129340398',
            time: 1751247548,
            changes: [
              {
                value: {
                  message_template_id: 1,
                  message_template_name: 'weekly_offer',
                  message_template_language: 'en',
                  ...value,
                },
                field: 'message_template_status_update',
              },
            ],
          },
        ],
        object: 'whatsapp_business_account',
      });
    await deliver(status({ event: 'FLAGGED', reason: 'NONE', message_template_category: 'UTILITY' }), metaId);
    expect(await detailOf(row.id)).toMatchObject({ status: 'APPROVED', fromMeta: { flaggedAt: expect.any(String) } });
    // Meta's syntax block: other_info's title is the pause's kind (FIRST_PAUSE, SECOND_PAUSE, ...).
    const pause = { title: 'FIRST_PAUSE', description: 'Your template was paused for 3 hours because of low quality.' };
    await deliver(status({ event: 'PAUSED', reason: 'NONE', other_info: pause }), metaId);
    expect(await detailOf(row.id)).toMatchObject({ status: 'PAUSED', fromMeta: { pause, flaggedAt: null } });
    await deliver(status({ event: 'LOCKED', reason: 'NONE' }), metaId);
    expect(await detailOf(row.id)).toMatchObject({
      status: 'PAUSED',
      fromMeta: { pause, lockedAt: expect.any(String) },
    });
    // "<DISABLE_TIMESTAMP>" is Meta's example 1751234563, quoted as a string in its syntax block.
    await deliver(status({ event: 'DISABLED', reason: 'NONE', disable_info: { disable_date: '1751234563' } }), metaId);
    expect(await detailOf(row.id)).toMatchObject({
      status: 'DISABLED',
      fromMeta: { disabledAt: new Date(1751234563 * 1000).toISOString() },
    });
    await deliver(status({ event: 'REINSTATED', reason: 'NONE' }), metaId);
    expect(await detailOf(row.id)).toMatchObject({
      status: 'APPROVED',
      fromMeta: { pause: null, disabledAt: null, flaggedAt: null },
    });
  });

  it('brings an archived template back approved, as "restored to its previous status"', async () => {
    const { row, metaId } = await submitted({ name: 'old_news' });
    const event = (e: string) =>
      `{"entry":[{"id":"1","time":1751247548,"changes":[{"value":{"event":"${e}","message_template_id":1,"message_template_name":"old_news","message_template_language":"en","reason":null},"field":"message_template_status_update"}]}],"object":"whatsapp_business_account"}`;
    await deliver(event('ARCHIVED'), metaId);
    expect((await rowOf(row.id)).status).toBe('ARCHIVED');
    await deliver(event('UNARCHIVED'), metaId);
    expect((await rowOf(row.id)).status).toBe('APPROVED');
  });

  it(`announces a category move with its date and price, then makes it (${REFERENCE}/template_category_update)`, async () => {
    const { row, metaId } = await submitted({ name: 'welcome_template', category: 'UTILITY' });
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1746082800,"changes":[{"field":"template_category_update","value":{"message_template_id":278077987957091,"message_template_name":"welcome_template","message_template_language":"en-US","new_category":"UTILITY","correct_category":"MARKETING","category_update_timestamp":1746169200}}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    const announced = await detailOf(row.id);
    expect(announced.category).toBe('UTILITY');
    expect(announced.fromMeta.upcomingCategory).toMatchObject({
      category: 'MARKETING',
      at: new Date(1746169200 * 1000).toISOString(),
    });
    expect(announced.fromMeta.upcomingCategory?.price?.to).toBeGreaterThan(
      announced.fromMeta.upcomingCategory!.price!.from,
    );
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1746169200,"changes":[{"field":"template_category_update","value":{"message_template_id":278077987957091,"message_template_name":"welcome_template","message_template_language":"en-US","previous_category":"UTILITY","new_category":"MARKETING"}}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    const moved = await detailOf(row.id);
    expect(moved).toMatchObject({ category: 'MARKETING', previousCategory: 'UTILITY' });
    expect(moved.fromMeta.upcomingCategory).toBeNull();
  });

  it(`keeps the quality score (${REFERENCE}/message_template_quality_update)`, async () => {
    const { row, metaId } = await submitted({ name: 'welcome_quality' });
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1674864290,"changes":[{"value":{"previous_quality_score":"GREEN","new_quality_score":"YELLOW","message_template_id":806312974732579,"message_template_name":"welcome_template","message_template_language":"en-US"},"field":"message_template_quality_update"}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    expect((await detailOf(row.id)).fromMeta.qualityScore).toBe('YELLOW');
  });

  it(`shows an edit made in WhatsApp Manager without a sync (${REFERENCE}/message_template_components_update)`, async () => {
    const { row, metaId } = await submitted({ name: 'order_confirmation_edit', templateParams: ['Asha', '#123'] });
    await deliver(
      '{"entry":[{"id":"102290129340398","time":1751250234,"changes":[{"value":{"message_template_id":1315502779341834,"message_template_name":"order_confirmation","message_template_language":"en_US","message_template_title":"Your order is confirmed!","message_template_element":"Thank you for your order, {{1}}! Your order number is {{2}}. If you have any questions, contact support using the buttons below. Thanks again!","message_template_footer":"Lucky Shrub: the Succulent Specialists!","message_template_buttons":[{"message_template_button_type":"PHONE_NUMBER","message_template_button_text":"Phone support","message_template_button_phone_number":"+15550783881"},{"message_template_button_type":"URL","message_template_button_text":"Email support","message_template_button_url":"https://www.luckyshrub.com/support"}]},"field":"message_template_components_update"}]}],"object":"whatsapp_business_account"}',
      metaId,
    );
    const shown = await detailOf(row.id);
    expect(shown).toMatchObject({
      name: 'order_confirmation_edit',
      headerText: 'Your order is confirmed!',
      body: 'Thank you for your order, {{1}}! Your order number is {{2}}. If you have any questions, contact support using the buttons below. Thanks again!',
      sampleMessage:
        'Thank you for your order, Asha! Your order number is #123. If you have any questions, contact support using the buttons below. Thanks again!',
      footerText: 'Lucky Shrub: the Succulent Specialists!',
      actionType: 'CAT',
      callToAction: [
        { type: 'Phone Number', buttonTitle: 'Phone support', buttonValue: '15550783881' },
        { type: 'URL', buttonTitle: 'Email support', buttonValue: 'https://www.luckyshrub.com/support' },
      ],
    });
    // An edit older than what the row holds, delivered late, is skipped.
    const stale = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          time: Math.floor(t.clock.now.getTime() / 1000) - 3600,
          changes: [
            {
              field: 'message_template_components_update',
              value: {
                message_template_id: metaId,
                message_template_element: 'An older text of {{1}} and {{2}} here.',
              },
            },
          ],
        },
      ],
    });
    expect((await postMetaWebhook(t, stale, signMetaPayload(secret, stale))).statusCode).toBe(200);
    expect((await detailOf(row.id)).footerText).toBe('Lucky Shrub: the Succulent Specialists!');
    expect((await detailOf(row.id)).body).toMatch(/^Thank you for your order/);
  });
});
