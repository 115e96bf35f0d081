/**
 * The sandbox's onboarding scenarios, picked by a phone number id's last three digits so that each
 * branch of the troubleshooting wizard can be reached from the demo (docs/onboarding.md). Any
 * other id is a number already registered and healthy.
 */
export const onboardingScenarios = {
  '101': 'wrong-account', // every call: 100/33
  '102': 'not-shared', // register: 100/2388112; the number's health BLOCKED
  '103': 'two-step-pin', // two-step verification on with another PIN: 133005 until it is turned off
  '104': 'reverify', // not verified: register gives 133006/2494081 until a code is verified
  '105': 'flaky', // the first registration fails with 136024/2388091, the next works
  '106': 'limited', // health LIMITED
  '107': 'blocked', // health BLOCKED
  '108': 'unregistered', // verified, not registered: registering works
  '109': 'busy', // 9 registrations elsewhere in the last 72 hours: the next is the last Meta allows
} as const;
export type OnboardingScenario = (typeof onboardingScenarios)[keyof typeof onboardingScenarios] | 'healthy';

/** Meta's ids are digits; another id (a project's own, standing in for one in the sandbox) is healthy. */
export const scenarioOf = (phoneNumberId: string): OnboardingScenario =>
  (/^\d+$/.test(phoneNumberId)
    ? onboardingScenarios[phoneNumberId.slice(-3) as keyof typeof onboardingScenarios]
    : undefined) ?? 'healthy';
