import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../platform/db/open.js';
import { startFakeGraph } from '../fake-graph.js';
import { MetaApiError, metaErrorEnvelope } from '../graph-error.js';
import { createGraphMetaOnboarding } from './graph.js';
import type { MetaOnboardingProvider } from './onboarding.js';
import { createSandboxMetaOnboarding } from './sandbox.js';

/**
 * The sandbox speaks Meta's wire format. Each refusal the sandbox's number onboarding gives is served
 * as Meta's error envelope to the live client, which must read back the same refusal (code, subcode,
 * message, details, trace id); and each code is one Meta documents, with its title, on its "WhatsApp
 * error codes" page (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/)
 * or, for the two-step and registration ones, the register and two-step verification pages.
 */
const documented: Record<number, RegExp> = {
  // With subcode 33, the Graph API's own words for an id it cannot reach (its error handling guide).
  100: /^(Invalid parameter|Unsupported post request\. Object with ID)/,
  133005: /^Two step verification PIN Mismatch/,
  133006: /^Phone number re-verification needed/,
  133016: /^Account register deregister rate limit exceeded/,
  136024: /^Registration failed/,
  136025: /^Verify code error/,
};

let database: Database;
let fake: Awaited<ReturnType<typeof startFakeGraph>>;
/** What the fake Graph answers next: the sandbox's refusal as Meta sends one, or Meta's success. */
let next: MetaApiError | null = null;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
let seq = 0;
const numberOf = (suffix: string) => `1090000${String(++seq).padStart(5, '0')}${suffix}`;

beforeAll(async () => {
  database = await freshDatabase();
  fake = await startFakeGraph(() => (next ? metaErrorEnvelope(next) : { status: 200, json: { success: true } }));
});
afterAll(async () => {
  await fake.close();
  await database.close();
});

const sandbox = () => createSandboxMetaOnboarding({ db: database.db, now: () => clock.now });
const live = () => createGraphMetaOnboarding({ graphUrl: fake.graphUrl, token: 'system-user-token' });
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => (e instanceof MetaApiError ? e : Promise.reject(e)),
  );
const fieldsOf = (e: MetaApiError) => ({
  status: e.httpStatus,
  code: e.code,
  subcode: e.subcode,
  message: e.message,
  details: e.userMessage,
  trace: e.traceId,
});

/** The same call on the sandbox and, answered as the sandbox answered, on the live client. */
const both = async (call: (p: MetaOnboardingProvider) => Promise<unknown>) => {
  const refused = await refusalOf(call(sandbox()));
  next = refused;
  const read = await refusalOf(call(live()));
  next = null;
  return { refused, read };
};

describe("the sandbox's refusals read back through the live client as Meta's", () => {
  it.each([
    ['a wrong account (101)', '101', (p: MetaOnboardingProvider, id: string) => p.register(id, '123456')],
    ['a two-step PIN set elsewhere (103)', '103', (p: MetaOnboardingProvider, id: string) => p.register(id, '123456')],
    ['a number to verify again (104)', '104', (p: MetaOnboardingProvider, id: string) => p.register(id, '123456')],
    ['a failed registration (105)', '105', (p: MetaOnboardingProvider, id: string) => p.register(id, '123456')],
    ['a wrong code', '104', (p: MetaOnboardingProvider, id: string) => p.verifyCode(id, '000000')],
  ])('%s', async (_, suffix, call) => {
    const id = numberOf(suffix);
    const { refused, read } = await both((p) => call(p, id));
    expect(refused).toBeInstanceOf(MetaApiError);
    expect(fieldsOf(read!)).toEqual(fieldsOf(refused!));
    expect(documented[refused!.code!], `code ${refused!.code}`).toBeDefined();
    expect(refused!.message).toMatch(documented[refused!.code!]!);
  });

  it('a registration the sandbox takes is one the live client takes ({ success: true })', async () => {
    const id = numberOf('108');
    const { refused, read } = await both((p) => p.register(id, '123456'));
    expect([refused, read]).toEqual([null, null]);
  });
});
