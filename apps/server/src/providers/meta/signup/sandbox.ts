import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { onboardingScenarios } from '../onboarding/scenarios.js';
import { InvalidAccessToken, type MetaSignupProvider, type SharedWaba } from './signup.js';

/** What the sandbox's login dialog asks (routes in modules/embedded-signup/sandbox-dialog.ts). */
export type SandboxLogin = { scopes: string[]; businessName: string; phoneNumber: string; displayName: string };

const TOKEN_TTL_S = 60 * 60;
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Stable Meta-like digits from a seed, so one login gives the same ids however often it is read. */
const digitsOf = (seed: string, n: number) =>
  [...createHash('sha256').update(seed).digest()]
    .slice(0, n)
    .map((b, i) => (i === 0 ? 1 + (b % 9) : b % 10))
    .join('');

/**
 * The number's id ends in the scenario digits the number itself ends in (101 to 109,
 * providers/meta/onboarding/scenarios.ts), so a sign-up can reach each branch of the troubleshooting
 * wizard; any other number's id ends in 0, a healthy one. 'unregistered' (108) is not live yet.
 */
const phoneIdOf = (phoneNumber: string) => {
  const end = phoneNumber.slice(-3);
  return `${digitsOf(`phone:${phoneNumber}`, 12)}${end in onboardingScenarios ? end : '000'}`;
};

/**
 * The sandbox Facebook login: the dialog on this server issues an access token (a JWS signed with
 * the sandbox's key) that carries what the user granted and shared; `inspect` reads it back as
 * Facebook's debug_token and WABA calls would.
 */
export const createSandboxSignup = (secret: string, now: () => Date) => {
  const key = new TextEncoder().encode(secret);
  const provider: MetaSignupProvider & { issue: (login: SandboxLogin) => Promise<string> } = {
    mode: 'sandbox',
    issue: (login) =>
      new SignJWT({ ...login, typ: 'sandbox-facebook' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(now().getTime() / 1000))
        .setExpirationTime(Math.floor(now().getTime() / 1000) + TOKEN_TTL_S)
        .sign(key),
    inspect: async (accessToken) => {
      if (!compactJws.test(accessToken)) throw new InvalidAccessToken('malformed');
      let payload;
      try {
        ({ payload } = await jwtVerify(accessToken, key, { algorithms: ['HS256'], currentDate: now() }));
      } catch {
        throw new InvalidAccessToken('invalid or expired');
      }
      const { scopes, businessName, phoneNumber, displayName, typ } = payload;
      if (typ !== 'sandbox-facebook' || !Array.isArray(scopes)) throw new InvalidAccessToken('not a login token');
      const granted = scopes.filter((s): s is string => typeof s === 'string');
      const shared: SharedWaba = { granted, business: null, waba: null, phone: null };
      // Facebook shares the WhatsApp account only with the permission to manage it.
      if (!granted.includes('whatsapp_business_management') || typeof phoneNumber !== 'string') return shared;
      const name = typeof businessName === 'string' ? businessName : 'Business';
      const phoneId = phoneIdOf(phoneNumber);
      return {
        granted,
        business: { id: digitsOf(`business:${phoneNumber}`, 15), name },
        waba: { id: digitsOf(`waba:${phoneNumber}`, 15), name },
        phone: {
          id: phoneId,
          number: phoneNumber,
          displayName: typeof displayName === 'string' ? displayName : name,
          live: onboardingScenarios[phoneId.slice(-3) as keyof typeof onboardingScenarios] !== 'unregistered',
        },
      };
    },
  };
  return provider;
};
export type SandboxSignup = ReturnType<typeof createSandboxSignup>;
