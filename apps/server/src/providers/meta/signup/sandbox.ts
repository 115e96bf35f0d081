import type { SandboxFacebookLogin, SandboxLogin } from '../facebook/sandbox-login.js';
import { sandboxDigits as digitsOf } from '../facebook/sandbox-login.js';
import { onboardingScenarios } from '../onboarding/scenarios.js';
import type { MetaSignupProvider, SharedWaba } from './signup.js';

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
 * The sign-up's side of the sandbox Facebook login (providers/meta/facebook/sandbox-login.ts): the
 * dialog issues the token; `inspect` reads it back as Facebook's debug_token and WABA calls would.
 */
export const createSandboxSignup = (login: SandboxFacebookLogin) => {
  const provider: MetaSignupProvider & { issue: (l: SandboxLogin) => Promise<string> } = {
    mode: 'sandbox',
    issue: login.issue,
    inspect: async (accessToken) => {
      const { scopes: granted, businessName, phoneNumber, displayName } = await login.read(accessToken);
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
    },
  };
  return provider;
};
export type SandboxSignup = ReturnType<typeof createSandboxSignup>;
