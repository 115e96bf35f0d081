import type { CustomMessageKey } from './steps.js';

/** The troubleshooting wizard's texts: the spec's (doc 2 section 8) first, then ours for the attempt budget. */
export const onboardingMessages = {
  registered: 'Successfully Registered',
  registerFailed: 'Phone Number registeration failed!',
  otpSent: 'OTP sent!',
  otpFailed: 'Failed',
  otpVerified: 'Success',
  couldNotVerify: 'Could not verify',
  healthDegraded: 'Health degraded. You to undergo procurement procedure again.',
  healthy: 'Health check success. Everything is healthy.',
  notLive: 'WhatsApp API is not live',
  // Ours.
  verifyCodeFormat: 'Enter the 6-digit code Meta sent to the number.',
  lastAttempt:
    'This is the last registration Meta allows for this number in 72 hours. If it fails too, the number cannot be registered until the countdown ends: confirm to use it.',
  noAttemptsLeft:
    'No registration attempts left: Meta allows 10 a number in 72 hours. Register again when the countdown ends.',
  reregisterTooSoon:
    'The number was registered less than 24 hours ago: a number can be registered again once every 24 hours.',
  metaUnavailable: 'Meta did not answer: nothing changed. Try again in a minute.',
  signUpNotFinished:
    "This project's WhatsApp sign-up did not finish, so it has no number to register yet: connect WhatsApp again (the embedded sign-up or the migration link), then register the number.",
} as const;

/** The custom_msg step's texts: the title is the spec's, the text says what it asks for. */
export const customMessages: Record<CustomMessageKey, { title: string; text: string }> = {
  wrongAccount: {
    title: 'Incorrect/Unsupported WhatsApp Business Account ID',
    text: 'Meta does not accept this WhatsApp Business Account ID for the number. Onboard the number again with a new account ID.',
  },
  disable2fa: {
    title: 'Disable 2FA',
    text: 'Two-step verification is on for this number with another PIN. Turn off two-factor authentication for the number in WhatsApp Manager, then register the number.',
  },
  reverify: {
    title: 'Phone number re-verification needed',
    text: 'Meta needs the number verified again before it can be registered: request a code, enter it, then register the number.',
  },
};
