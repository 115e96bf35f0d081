import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGraph, type FakeAnswer, type SeenRequest } from '../fake-graph.js';
import { createGraphSignup } from './graph.js';
import { InvalidAccessToken } from './signup.js';
import { MetaApiError } from '../graph-error.js';

/** The live sign-up client against a fake Graph API: the calls it makes and what it makes of the answers. */
let close: () => Promise<void> = async () => {};
afterEach(() => close());

const client = async (answer: (req: SeenRequest) => FakeAnswer) => {
  const fake = await startFakeGraph(answer);
  close = fake.close;
  return { fake, signup: createGraphSignup({ graphUrl: fake.graphUrl, appId: 'app-1', appSecret: 'shh' }) };
};
const debugToken = (data: object): FakeAnswer => ({ status: 200, json: { data } });

describe('inspect', () => {
  it('reads the granted permissions, the shared account and its number with the client’s token', async () => {
    const { fake, signup } = await client((req) => {
      if (req.url.startsWith('/v21.0/debug_token'))
        return debugToken({
          app_id: 'app-1',
          is_valid: true,
          scopes: ['business_management', 'whatsapp_business_management', 'whatsapp_business_messaging'],
          granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: ['5550001'] }],
        });
      if (req.url.startsWith('/v21.0/5550001/phone_numbers'))
        return {
          status: 200,
          json: {
            data: [
              { id: '1060001', display_phone_number: '+91 98111 22230', verified_name: 'Menon', status: 'CONNECTED' },
            ],
          },
        };
      return {
        status: 200,
        json: { id: '5550001', name: 'Menon WABA', owner_business_info: { id: '77', name: 'Menon' } },
      };
    });
    const shared = await signup.inspect('user-token');
    expect(shared).toEqual({
      granted: ['business_management', 'whatsapp_business_management', 'whatsapp_business_messaging'],
      business: { id: '77', name: 'Menon' },
      waba: { id: '5550001', name: 'Menon WABA' },
      phone: { id: '1060001', number: '919811122230', displayName: 'Menon', live: true },
    });
    // debug_token with the app's token, the account's calls with the client's.
    expect(fake.seen[0]!.url).toContain('input_token=user-token');
    expect(fake.seen[0]!.authorization).toBe('Bearer app-1|shh');
    expect(fake.seen.slice(1).map((r) => r.authorization)).toEqual(['Bearer user-token', 'Bearer user-token']);
  });

  it('says a number not CONNECTED is not live, and shares nothing without the account permission', async () => {
    const pending = await client((req) =>
      req.url.startsWith('/v21.0/debug_token')
        ? debugToken({
            app_id: 'app-1',
            is_valid: true,
            scopes: ['whatsapp_business_management'],
            granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: ['9'] }],
          })
        : req.url.includes('phone_numbers')
          ? {
              status: 200,
              json: { data: [{ id: '1', display_phone_number: '1', verified_name: 'x', status: 'PENDING' }] },
            }
          : { status: 200, json: { id: '9' } },
    );
    expect((await pending.signup.inspect('t')).phone?.live).toBe(false);
    await close();
    const none = await client(() => debugToken({ app_id: 'app-1', is_valid: true, scopes: ['public_profile'] }));
    expect(await none.signup.inspect('t')).toEqual({
      granted: ['public_profile'],
      business: null,
      waba: null,
      phone: null,
    });
    expect(none.fake.seen).toHaveLength(1);
  });

  it('refuses an invalid token or one of another app, and passes Meta’s errors on', async () => {
    const invalid = await client(() => debugToken({ app_id: 'app-1', is_valid: false }));
    await expect(invalid.signup.inspect('t')).rejects.toBeInstanceOf(InvalidAccessToken);
    await close();
    const foreign = await client(() => debugToken({ app_id: 'app-2', is_valid: true }));
    await expect(foreign.signup.inspect('t')).rejects.toBeInstanceOf(InvalidAccessToken);
    await close();
    const down = await client(() => ({
      status: 400,
      json: { error: { code: 190, message: 'Invalid OAuth access token', fbtrace_id: 'Atrace' } },
    }));
    const error = await down.signup.inspect('t').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({ code: 190, traceId: 'Atrace' });
  });
});

// Meta's "Exchange the token code for a business token" (embedded-signup/onboarding-customers-as-a-
// tech-provider: GET /oauth/access_token with client_id, client_secret and code, server to server)
// answered as the Facebook Login manual-flow page documents ({ access_token, token_type,
// expires_in }); a used code is Meta's OAuthException 100 (subcode 36009, as observed: Meta's pages
// give no subcode).
describe('exchange and account (Embedded Signup)', () => {
  it('trades the code with the app’s id and secret, and reads the session’s account with the business token', async () => {
    const { fake, signup } = await client((req) => {
      if (req.url.startsWith('/v21.0/oauth/access_token'))
        return { status: 200, json: { access_token: 'EAAB-business', token_type: 'bearer' } };
      if (req.url.startsWith('/v21.0/524126980791429/phone_numbers'))
        return {
          status: 200,
          json: {
            data: [
              { id: '1', display_phone_number: '1', verified_name: 'other', status: 'CONNECTED' },
              {
                id: '106540352242922',
                display_phone_number: '+1 555-078-3881',
                verified_name: 'Lucky Shrub',
                status: 'CONNECTED',
              },
            ],
          },
        };
      return {
        status: 200,
        json: {
          id: '524126980791429',
          name: 'Lucky Shrub',
          owner_business_info: { id: '2729063490586005', name: 'Lucky Shrub' },
        },
      };
    });
    expect(await signup.exchange('the-code')).toBe('EAAB-business');
    const url = new URL(fake.seen[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'app-1',
      client_secret: 'shh',
      code: 'the-code',
    });
    expect(fake.seen[0]!.authorization).toBeUndefined();
    const shared = await signup.account('EAAB-business', {
      event: 'FINISH',
      wabaId: '524126980791429',
      phoneNumberId: '106540352242922',
      businessId: '2729063490586005',
    });
    expect(shared.phone).toEqual({
      id: '106540352242922',
      number: '15550783881',
      displayName: 'Lucky Shrub',
      live: true,
    });
    expect(fake.seen.slice(1).map((r) => r.authorization)).toEqual(['Bearer EAAB-business', 'Bearer EAAB-business']);
    expect(fake.seen.some((r) => r.url.includes('debug_token'))).toBe(false);
  });

  it('says a refused code is not connected, and an outage is an outage', async () => {
    const used = await client(() => ({
      status: 400,
      json: {
        error: {
          message: 'This authorization code has been used.',
          type: 'OAuthException',
          code: 100,
          error_subcode: 36009,
          fbtrace_id: 'A1',
        },
      },
    }));
    await expect(used.signup.exchange('old')).rejects.toBeInstanceOf(InvalidAccessToken);
    await close();
    const down = await client(() => ({ status: 500, json: { error: { message: 'down', code: 2 } } }));
    await expect(down.signup.exchange('c')).rejects.toBeInstanceOf(MetaApiError);
  });
});
