import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { RAZORPAY_CALLBACK_PATH, type RazorpayProfile } from '@pc/contract';
import type { App } from '../../app.js';
import { jobs, razorpayConnections } from '../../platform/db/schema.js';
import { runDueJobs } from '../../platform/jobs/runner.js';
import { RAZORPAY_EVENT_ID_HEADER, RAZORPAY_SIGNATURE_HEADER } from '../../providers/razorpay/webhook-signature.js';
import type { FakeRazorpay } from '../../../test/fake-razorpay.js';
import { call, type TestContext } from '../../../test/harness.js';
import { REFRESH_JOB } from './refresh-schedule.js';
import { RAZORPAY_WEBHOOK_PATH } from './webhook-routes.js';

/** The payment gateway's calls as the console makes them, for the tests of this module. */
export const gatewayCalls = (app: App, partnerId: string) => {
  const body = (token: string, extra: Record<string, unknown> = {}) => ({ token, body: { partnerId, ...extra } });
  return {
    profile: (token: string, extra?: Record<string, unknown>) =>
      call<RazorpayProfile & { message?: string }>(
        app,
        'POST',
        '/api/fetch-partner-razorpay-profile',
        body(token, extra),
      ),
    authorize: (token: string, extra?: Record<string, unknown>) =>
      call<{ url: string; message?: string }>(app, 'POST', '/razorpay/partner/t1/authorize', body(token, extra)),
    connect: (token: string, callback: { state?: string; code?: string }, extra?: Record<string, unknown>) =>
      call<{ message: string }>(
        app,
        'POST',
        '/razorpay/partner/t1/connect',
        body(token, { domain: 'localhost', ...callback, ...extra }),
      ),
    disconnect: (token: string, extra?: Record<string, unknown>) =>
      call<{ message: string }>(app, 'POST', '/razorpay/partner/t1/disconnect', body(token, extra)),
  };
};

/**
 * What the sandbox's authorisation page does when the merchant presses a button: the redirect to
 * the callback, read back as its query parameters.
 */
export const decideOnSandbox = async (
  app: App,
  authorizeUrl: string,
  choice: { decision?: 'allow' | 'deny'; outcome?: string; state?: string } = {},
): Promise<Record<string, string>> => {
  const url = new URL(authorizeUrl);
  const query = new URLSearchParams({
    redirect_uri: url.searchParams.get('redirect_uri')!,
    state: choice.state ?? url.searchParams.get('state')!,
    outcome: choice.outcome ?? 'connect',
    decision: choice.decision ?? 'allow',
  });
  const res = await app.inject({ method: 'GET', url: `/sandbox/razorpay/decide?${query.toString()}` });
  expect(res.statusCode, res.body).toBe(303);
  const back = new URL(String(res.headers.location), 'http://relative.invalid');
  expect(back.origin).toBe('http://relative.invalid');
  expect(back.pathname).toBe(RAZORPAY_CALLBACK_PATH);
  return Object.fromEntries(back.searchParams);
};

/** Connect from start to end through the sandbox, as the owner would click it. */
export const connectThroughSandbox = async (app: App, partnerId: string, token: string, outcome = 'connect') => {
  const calls = gatewayCalls(app, partnerId);
  const authorized = await calls.authorize(token);
  expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
  const callback = await decideOnSandbox(app, authorized.body.url, { outcome });
  return { callback, connected: await calls.connect(token, callback) };
};

/** The partner's connection row as stored (tokens sealed). */
export const connectionOf = async (t: TestContext, partnerId: string) =>
  (await t.database.db.select().from(razorpayConnections).where(eq(razorpayConnections.partnerId, partnerId)))[0];

/** The pending refresh jobs of a partner. */
export const refreshJobsOf = async (t: TestContext, partnerId: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.kind, REFRESH_JOB))).filter(
    (j) => j.payload.partnerId === partnerId,
  );

/** Runs the due refresh jobs at the test's clock, moved to `at` for the run (sessions would not last the months). */
export const runRefreshJobsAt = async (t: TestContext, at: Date) => {
  const before = t.clock.now;
  t.clock.now = at;
  try {
    return await runDueJobs(t.deps.db, { [REFRESH_JOB]: t.app.jobHandlers[REFRESH_JOB]! }, t.deps.now, {
      concurrency: 1,
    });
  } finally {
    t.clock.now = before;
  }
};

/** A webhook as Razorpay delivers it: the raw JSON with its signature and event id (each left out when null). */
export const deliverWebhook = (
  app: App,
  body: string,
  headers: { signature: string | null; eventId?: string | null },
) =>
  app.inject({
    method: 'POST',
    url: RAZORPAY_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(headers.signature !== null ? { [RAZORPAY_SIGNATURE_HEADER]: headers.signature } : {}),
      ...(headers.eventId ? { [RAZORPAY_EVENT_ID_HEADER]: headers.eventId } : {}),
    },
    payload: body,
  });

/** The settings of RAZORPAY_MODE=live against the fake of Razorpay's OAuth service (test/fake-razorpay.ts). */
export const liveRazorpayEnv = (fake: FakeRazorpay, extra: Record<string, string> = {}) => ({
  RAZORPAY_MODE: 'live',
  RAZORPAY_AUTH_URL: fake.url,
  RAZORPAY_CLIENT_ID: fake.clientId,
  RAZORPAY_CLIENT_SECRET: fake.clientSecret,
  RAZORPAY_TOKEN_MODE: 'test',
  PUBLIC_URL: 'https://console.example.com',
  ...extra,
});

/** AdsWorks has no billing details in the demo; Razorpay needs them to connect. */
export const giveAdsWorksBillingDetails = async (app: App, adsOwner: string) => {
  const saved = await call(app, 'POST', '/api/update-partner-billing-details', {
    token: adsOwner,
    body: {
      billingAddress: {
        firstName: 'Ava',
        lastName: 'Shah',
        email: 'billing@adsworks.example',
        phone: '9876543210',
        company: 'AdsWorks',
        line1: '1 Ring Road',
        city: 'Pune',
        zip: '411001',
        country: 'India',
        stateCode: '27',
        gstin: '27ABCDE1234F1Z5',
      },
    },
  });
  if (saved.status !== 200) throw new Error(`billing details not saved: ${JSON.stringify(saved.body)}`);
};
