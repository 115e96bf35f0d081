import type { SandboxFacebookLogin, SandboxLogin } from '../facebook/sandbox-login.js';
import { sandboxDigits as digitsOf } from '../facebook/sandbox-login.js';
import { onboardingScenarios } from '../onboarding/scenarios.js';
import type { EmbeddedSignupSession } from '@pc/contract';
import { InvalidAccessToken, type MetaSignupProvider, type SharedWaba } from './signup.js';

/**
 * The number's id ends in the scenario digits the number itself ends in (101 to 109,
 * providers/meta/onboarding/scenarios.ts), so a sign-up can reach each branch of the troubleshooting
 * wizard; any other number's id ends in 0, a healthy one. 'unregistered' (108) is not live yet.
 */
const phoneIdOf = (phoneNumber: string) => {
  const end = phoneNumber.slice(-3);
  return `${digitsOf(`phone:${phoneNumber}`, 12)}${end in onboardingScenarios ? end : '000'}`;
};

/** What a sandbox login shares: the account and number of the dialog, when it may manage WhatsApp. */
const sharedOf = ({ scopes: granted, businessName, phoneNumber, displayName }: SandboxLogin): SharedWaba => {
  const shared: SharedWaba = { granted, business: null, waba: null, phone: null };
  // Facebook shares the WhatsApp account only with the permission to manage it.
  if (!granted.includes('whatsapp_business_management') || phoneNumber === undefined) return shared;
  const name = businessName ?? 'Business';
  const phoneId = phoneIdOf(phoneNumber);
  return {
    granted,
    business: { id: digitsOf(`business:${phoneNumber}`, 15), name },
    waba: { id: digitsOf(`waba:${phoneNumber}`, 15), name },
    phone: {
      id: phoneId,
      number: phoneNumber,
      displayName: displayName ?? name,
      live: onboardingScenarios[phoneId.slice(-3) as keyof typeof onboardingScenarios] !== 'unregistered',
    },
  };
};

export const REDIRECT_MISMATCH =
  'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request';

/**
 * The sign-up's side of the sandbox Facebook login (providers/meta/facebook/sandbox-login.ts): the
 * dialog issues the token (or, for Embedded Signup, a code and the session it posts); `inspect`,
 * `exchange` and `account` read them back as Facebook's debug_token, token exchange and WABA calls would.
 */
export const createSandboxSignup = (login: SandboxFacebookLogin) => {
  const provider: MetaSignupProvider & {
    issue: (l: SandboxLogin) => Promise<string>;
    issueCode: (l: SandboxLogin, redirectUri?: string) => Promise<string>;
    /** What the sandbox's Embedded Signup posts the page when the login shares an account (as Meta's does). */
    session: (l: SandboxLogin) => EmbeddedSignupSession | null;
  } = {
    mode: 'sandbox',
    issue: login.issue,
    issueCode: login.issueCode,
    exchange: async (code, redirectUri = '') => {
      const { userId: _, redirectUri: asked, ...claims } = await login.read(code, 'code');
      // Facebook's code 100 (subcode 36008) in its own words: the exchange must name the dialog's redirect URI.
      if (asked !== redirectUri) throw new InvalidAccessToken(REDIRECT_MISMATCH);
      return login.issue(claims);
    },
    account: async (businessToken, session) => {
      const shared = await provider.inspect(businessToken);
      // The session names the account the flow shared: another one was not shared with this token.
      if (shared.waba?.id !== session.wabaId) throw new InvalidAccessToken('the account was not shared in this login');
      return session.phoneNumberId && shared.phone?.id !== session.phoneNumberId ? { ...shared, phone: null } : shared;
    },
    inspect: async (accessToken) => sharedOf(await login.read(accessToken)),
    session: (l: SandboxLogin): EmbeddedSignupSession | null => {
      const { waba, phone, business } = sharedOf(l);
      return waba
        ? { event: 'FINISH', wabaId: waba.id, phoneNumberId: phone?.id ?? null, businessId: business?.id ?? null }
        : null;
    },
  };
  return provider;
};
export type SandboxSignup = ReturnType<typeof createSandboxSignup>;
