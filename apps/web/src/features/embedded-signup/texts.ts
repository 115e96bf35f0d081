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
} as const;
