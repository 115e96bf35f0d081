import { randomUUID } from 'node:crypto';
import { signupScopes, type StartSignupResponse } from '@pc/contract';
import { call, type TestContext } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';

/** Shared by the embedded sign-up tests: the public sign-up's calls, with the sandbox's Facebook and phone. */

export const form = (email: string, signupId = randomUUID()) => ({
  signupId,
  name: 'Kavya Menon',
  email,
  dialCode: '+91',
  mobile: '9876512345',
  companyName: `Menon Foods ${email.split('@')[0]}`,
  termsAccepted: true,
});
export const as = (token: string) => ({ 'x-signup-token': token });

export type SignupCalls = Awaited<ReturnType<typeof startSignups>>;

/** Acme's id and the calls of its public sign-up page. */
export const startSignups = async (t: TestContext) => {
  const acme = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const login = async (o: { phoneNumber?: string; scopes?: readonly string[] } = {}) =>
    (
      await call<{ accessToken: string }>(t.app, 'POST', '/sandbox/facebook/login', {
        body: {
          scopes: o.scopes ?? signupScopes,
          businessName: 'Menon Foods',
          phoneNumber: o.phoneNumber ?? '919811122230',
          displayName: 'Menon Foods',
        },
      })
    ).body.accessToken;
  const start = (body: object, partnerId = acme, remoteAddress?: string) =>
    call<StartSignupResponse & { message?: string }>(t.app, 'POST', `/api/${partnerId}/embed/signup`, {
      body,
      remoteAddress,
    });
  const submit = (s: StartSignupResponse, accessToken: string) =>
    call<{ success: boolean; code?: string; message?: string }>(t.app, 'POST', '/api/submit-facebook-access-token', {
      headers: as(s.signupToken),
      body: { assistantId: s.assistantId, accessToken },
    });
  const lastOtp = async (s: StartSignupResponse, mobile = '9876512345') => {
    const res = await call<{ inbox: { text: string }[] }>(
      t.app,
      'GET',
      `/api/embed/signup/sandbox-phone?dialCode=91&mobile=${mobile}`,
      { headers: as(s.signupToken) },
    );
    return /\b(\d{4})\b/.exec(res.body.inbox[0]?.text ?? '')?.[1];
  };
  return { acme, login, start, submit, lastOtp };
};
