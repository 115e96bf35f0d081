import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeAnswer } from '../fake-graph.js';
import { createGraphMetaOnboarding } from './graph.js';
import { MetaApiError } from '../graph-error.js';

/** A small fake of the Cloud API's number calls: request_code, verify_code, register, health_status. */
const PHONE = '106540352242922';
let fake: Awaited<ReturnType<typeof startFakeGraph>>;
let answer: FakeAnswer | null = null;

const healthAnswer = {
  health_status: {
    can_send_message: 'LIMITED',
    entities: [
      {
        entity_type: 'PHONE_NUMBER',
        id: PHONE,
        can_send_message: 'LIMITED',
        errors: [{ error_code: 141005, error_description: 'Low quality', possible_solution: 'Improve quality' }],
      },
      { entity_type: 'WABA', id: '102290129340398', can_send_message: 'AVAILABLE' },
      { entity_type: 'APP', id: '1', can_send_message: 'SOMETHING_NEW' },
    ],
  },
  id: PHONE,
};

beforeAll(async () => {
  fake = await startFakeGraph((req) => {
    if (answer) return answer;
    if (req.url === `/v21.0/${PHONE}?fields=health_status`) return { status: 200, json: healthAnswer };
    return { status: 200, json: { success: true } };
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
  answer = null;
});
const seen = () => fake.seen.map((r) => ({ ...r, body: r.body ? (JSON.parse(r.body) as unknown) : null }));

const graph = () => createGraphMetaOnboarding({ graphUrl: fake.graphUrl, token: 'sys-token' });

describe('the Graph onboarding client', () => {
  it("makes Meta's calls with the system user's token", async () => {
    const g = graph();
    await g.requestCode(PHONE, 'VOICE');
    await g.verifyCode(PHONE, '123456');
    await g.register(PHONE, '654321');
    expect(seen().map(({ contentType: _, ...r }) => r)).toEqual([
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/request_code`,
        authorization: 'Bearer sys-token',
        body: { code_method: 'VOICE', language: 'en_US' },
      },
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/verify_code`,
        authorization: 'Bearer sys-token',
        body: { code: '123456' },
      },
      {
        method: 'POST',
        url: `/v21.0/${PHONE}/register`,
        authorization: 'Bearer sys-token',
        body: { messaging_product: 'whatsapp', pin: '654321' },
      },
    ]);
  });

  it('reads health_status; a state it does not know reads as BLOCKED', async () => {
    const health = await graph().health(PHONE, 'number');
    expect(seen()[0]).toMatchObject({ method: 'GET', url: `/v21.0/${PHONE}?fields=health_status` });
    expect(health).toEqual({
      canSendMessage: 'LIMITED',
      entities: [
        {
          type: 'PHONE_NUMBER',
          id: PHONE,
          canSendMessage: 'LIMITED',
          errors: [{ code: 141005, description: 'Low quality', solution: 'Improve quality' }],
        },
        { type: 'WABA', id: '102290129340398', canSendMessage: 'AVAILABLE', errors: [] },
        { type: 'APP', id: '1', canSendMessage: 'BLOCKED', errors: [] },
      ],
    });
  });

  it("turns Meta's error envelope into a MetaApiError with its code, subcode and trace id", async () => {
    answer = {
      status: 400,
      json: {
        error: {
          message: 'Phone number re-verification needed',
          type: 'OAuthException',
          code: 133006,
          error_subcode: 2494081,
          fbtrace_id: 'AbCdEfGhIjK',
        },
      },
    };
    const error = (await graph()
      .register(PHONE, '123456')
      .catch((e: unknown) => e)) as MetaApiError;
    expect(error).toBeInstanceOf(MetaApiError);
    expect([error.code, error.subcode, error.traceId, error.message]).toEqual([
      133006,
      2494081,
      'AbCdEfGhIjK',
      'Phone number re-verification needed',
    ]);
  });
});

// Meta's "Onboarding business customers as a Solution Partner" (embedded-signup/onboarding-customers-
// as-a-solution-partner) and "Managing credit lines" (solution-providers/share-and-revoke-credit-lines).
describe("Embedded Signup's onboarding calls", () => {
  it('subscribes the app with the business token, and shares the credit line with the system token', async () => {
    await graph().subscribeApp('524126980791429', 'business-token');
    answer = { status: 200, json: { allocation_config_id: '58501441721238', waba_id: '524126980791429' } };
    expect(await graph().shareCreditLine('1972385232742146', '524126980791429', 'INR')).toBe('58501441721238');
    expect(seen()).toMatchObject([
      { method: 'POST', url: '/v21.0/524126980791429/subscribed_apps', authorization: 'Bearer business-token' },
      {
        method: 'POST',
        url: '/v21.0/1972385232742146/whatsapp_credit_sharing_and_attach?waba_currency=INR&waba_id=524126980791429',
        authorization: 'Bearer sys-token',
      },
    ]);
  });
});
