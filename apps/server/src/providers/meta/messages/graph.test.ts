import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeAnswer } from '../fake-graph.js';
import { createGraphMetaMessages } from './graph.js';
import type { TemplateMessage } from './messages.js';
import { MetaApiError } from '../graph-error.js';

/** A small fake of the Cloud API's `POST /{phone-number-id}/messages`. */
let fake: Awaited<ReturnType<typeof startFakeGraph>>;
let answer: FakeAnswer | null = null;
let graphUrl = '';

beforeAll(async () => {
  fake = await startFakeGraph((req) => {
    if (answer) return answer;
    if (req.authorization !== 'Bearer sys-token')
      return {
        status: 401,
        json: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
      };
    if (req.method !== 'POST' || req.url !== '/v21.0/106540352242922/messages')
      return { status: 400, json: { error: { message: 'Unsupported post request.', code: 100 } } };
    const sent = JSON.parse(req.body) as { to?: string; recipient?: string };
    // Meta's "Business-scoped user IDs" page: a BSUID send is answered with `user_id`, no `wa_id`.
    const contact = sent.recipient
      ? { input: sent.recipient, user_id: sent.recipient }
      : { input: sent.to, wa_id: sent.to };
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [contact],
        messages: [{ id: 'wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA', message_status: 'accepted' }],
      },
    };
  });
  graphUrl = fake.graphUrl;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
  answer = null;
});
const seen = () => fake.seen;

const at = new Date('2026-03-01T10:00:00Z');
const graph = (token = 'sys-token') => createGraphMetaMessages({ graphUrl, token, now: () => at });
const message: TemplateMessage = {
  phoneNumberId: '106540352242922',
  to: '919876500001',
  template: {
    name: 'payment_reminder',
    language: 'en',
    components: [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Meena' },
          { type: 'text', text: '850' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'SB-1077' }] },
    ],
  },
  callbackData: '{"project":"p1","category":"utility","country":"IN"}',
};

describe('the Cloud API message client', () => {
  it("posts a template message to the number's messages edge with the system user's token", async () => {
    expect(await graph().sendTemplate(message)).toEqual({
      messageId: 'wamid.HBgLMTY1MDUwNzY1MjAVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA',
      acceptedAt: at,
    });
    expect(seen()).toHaveLength(1);
    expect(seen()[0]).toMatchObject({
      method: 'POST',
      url: '/v21.0/106540352242922/messages',
      authorization: 'Bearer sys-token',
      contentType: 'application/json',
    });
    expect(JSON.parse(seen()[0]!.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876500001',
      type: 'template',
      template: { name: 'payment_reminder', language: { code: 'en' }, components: message.template.components },
      biz_opaque_callback_data: message.callbackData,
    });
  });

  it("names a business-scoped user id in Meta's `recipient` field, never in `to`", async () => {
    // Meta's "Business-scoped user IDs" page (29 June 2026): `to` for a phone number, `recipient`
    // for a BSUID or parent BSUID.
    for (const bsuid of ['US.13491208655302741918', 'US.ENT.11815799212886844830']) {
      fake.seen.length = 0;
      const { messageId } = await graph().sendTemplate({ ...message, to: bsuid });
      expect(messageId).toMatch(/^wamid\./);
      const body = JSON.parse(seen()[0]!.body) as Record<string, unknown>;
      expect(body).toMatchObject({ messaging_product: 'whatsapp', recipient_type: 'individual', recipient: bsuid });
      expect(body).not.toHaveProperty('to');
    }
  });

  it('leaves components out for a template without values', async () => {
    await graph().sendTemplate({ ...message, template: { ...message.template, components: [] } });
    expect(JSON.parse(seen()[0]!.body).template).toEqual({ name: 'payment_reminder', language: { code: 'en' } });
  });

  it("turns Meta's refusals into a MetaApiError with its code and texts", async () => {
    answer = {
      status: 400,
      json: {
        error: {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: {
            messaging_product: 'whatsapp',
            details: 'template name (payment_reminder) does not exist in en',
          },
          fbtrace_id: 'AbC',
        },
      },
    };
    const error = await graph()
      .sendTemplate(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({ httpStatus: 400, code: 132001 });
    answer = null;
    await expect(graph('bad').sendTemplate(message)).rejects.toMatchObject({ httpStatus: 401, code: 190 });
  });

  it('fails on an answer without a message id, and on one that is not JSON', async () => {
    answer = { status: 200, json: { messaging_product: 'whatsapp', messages: [] } };
    await expect(graph().sendTemplate(message)).rejects.toBeInstanceOf(MetaApiError);
    answer = { status: 502, json: 'Bad Gateway' };
    await expect(graph().sendTemplate(message)).rejects.toMatchObject({ httpStatus: 502 });
  });
});
