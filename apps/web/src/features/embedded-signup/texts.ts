/** The page's own words beside the contract's `signupTexts` (which hold the spec's). */
export const pageTexts = {
  tagline: 'Connect your business to WhatsApp',
  title: (companyName: string) => `${companyName} · Sign Up`,
  stepOneHelp: 'Tell us about you and your business, then connect your WhatsApp Business Account with Facebook.',
  stepTwoHelp: 'Verify the mobile number we can reach you on: we send it a 4-digit OTP.',
  otpSentTo: (number: string) => `Enter the OTP sent to +${number}.`,
  verify: 'Verify',
  regenerateIn: (seconds: number) => `Regenerate (${seconds} s)`,
  project: 'Project',
  testHelp: 'Send a test message from your new WhatsApp number to a mobile of yours.',
  sandboxPhone: 'Sandbox phone',
  sandboxHelp: (number: string) => `No SMS leaves the sandbox: the texts +${number} received show here.`,
  sandboxEmpty: 'Nothing received yet',
  retry: 'Retry',
  /** Embedded Signup left before the end: where, or the error the client reported (with Meta's ids for its support). */
  cancelledAt: (step: string) => `The sign-up with Facebook was closed at ${step.toLowerCase().replace(/_/g, ' ')}.`,
  cancelled: 'The sign-up with Facebook was closed before the end.',
  reportedError: (message: string, code: string | null, sessionId: string | null) =>
    [message, code ? `Error ${code}` : null, sessionId ? `session ${sessionId}` : null].filter(Boolean).join(' · '),
} as const;
