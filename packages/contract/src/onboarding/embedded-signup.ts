import { z } from 'zod';
import { ProfileColors } from '../profile-colors.js';

/**
 * The public embedded sign-up page, /{partnerId}/embed/signup (doc 3, "Embedded sign-up page"):
 * a partner's new client fills step 1 and connects Facebook, verifies a mobile number in step 2 and
 * sends a test message in step 3. The spec's texts first, then ours.
 */
export const signupTexts = {
  stepOf: (n: 1 | 2) => `Step ${n} of 2`,
  live: 'WABA is Live!',
  inProgress: 'WABA in progress! Please Sync after 10 minutes',
  connectionFailed: 'Connection Failed!',
  somethingWrong: 'Something went wrong!',
  connectToFacebook: 'Connect to Facebook',
  verifyPhone: 'Verify Phone Number',
  regenerate: 'Regenerate',
  setupComplete: 'Setup Complete',
  sendTestMessage: 'Send Test Message',
  otpSent: 'OTP sent!',
  // Ours.
  fullName: 'Full name',
  email: 'Email',
  personalMobile: 'Personal mobile',
  companyName: 'Company name',
  dialCode: 'Dial code',
  mobile: 'Mobile number',
  otp: 'OTP',
  testMobile: 'Test mobile',
  terms:
    'I agree to the Terms of Service and the Privacy Policy, and to WhatsApp Business Messaging being set up for my business.',
  nameRequired: 'Enter your full name',
  emailInvalid: 'Enter a valid email address',
  dialCodeInvalid: 'Enter a dial code of 1 to 4 digits',
  mobileInvalid: 'Enter a mobile number of 6 to 14 digits',
  companyRequired: 'Enter your company name',
  termsRequired: 'Accept the terms to continue',
  otpFormat: 'Enter the 4-digit OTP',
  otpWrong: 'The OTP is wrong or has expired. Check it or regenerate it.',
  otpTooManyTries: 'Too many wrong OTPs: regenerate a new one.',
  otpTooSoon: (seconds: number) => `Wait ${seconds} s before regenerating the OTP.`,
  otpTooMany: 'Too many OTPs sent for this sign-up. Contact the partner to finish it.',
  verifyFirst: 'Verify your mobile number first.',
  connectFirst: 'Connect to Facebook first.',
  phoneVerified: 'Mobile number verified',
  testMessageSent: 'Test message sent. Check WhatsApp on the test mobile.',
  notFound: 'This sign-up page does not exist. Check the link you were given.',
  closed: 'Sign-up is closed. Contact the company that sent you this link.',
  sessionExpired: 'This sign-up has expired. Start again.',
  tooManySignups: 'This page has taken many sign-ups in the last hour. Try again later.',
  emailTaken: 'An account with this email already exists. Sign in, or use another email.',
  grantAll: 'Grant every permission asked for to connect your WhatsApp Business Account.',
  noWaba: 'No WhatsApp Business Account was shared. Connect again and choose one.',
} as const;

/** What the sign-up's Facebook login asks for (doc 3 sections 5 and 7). */
export const signupScopes = [
  'business_management',
  'whatsapp_business_management',
  'whatsapp_business_messaging',
] as const;

/** A verification OTP: 4 digits (doc 3 section 5), good for 10 minutes, 5 tries; a new one after 30 s, 5 a sign-up. */
export const SIGNUP_OTP_LIMITS = { ttlMinutes: 10, tries: 5, resendSeconds: 30, sends: 5 } as const;

const DialCode = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, signupTexts.dialCodeInvalid)
  .transform((v) => v.replace(/^\+/, ''));
const Mobile = z
  .string()
  .trim()
  .regex(/^\d{6,14}$/, signupTexts.mobileInvalid);

/**
 * How the page logs in with Facebook: the sandbox's dialog on this server, or Facebook's JS SDK. A
 * plain union (`mode` tells them apart all the same): z.discriminatedUnion's code would land in the
 * console's first chunk, which nothing else there needs.
 */
export const SignupFacebook = z.union([
  z.object({ mode: z.literal('sandbox'), dialogUrl: z.string() }),
  z.object({ mode: z.literal('sdk'), appId: z.string(), configId: z.string().nullable(), version: z.string() }),
]);
export type SignupFacebook = z.infer<typeof SignupFacebook>;

/** GET /api/{partnerId}/embed/signup (ours): what the page shows; 404 unknown partner, 403 sign-up off. */
export const SignupPageResponse = z.object({
  companyName: z.string(),
  colors: ProfileColors.nullable(),
  facebook: SignupFacebook,
  /** The sandbox phone shows the OTP and test message it received (no SMS or WhatsApp leaves this server). */
  sandbox: z.boolean(),
});
export type SignupPageResponse = z.infer<typeof SignupPageResponse>;

/** Step 1's form (doc 3 "Embedded sign-up form"). */
export const SignupForm = z.object({
  name: z.string().trim().min(1, signupTexts.nameRequired).max(100),
  email: z.email(signupTexts.emailInvalid).trim().toLowerCase().max(200),
  dialCode: DialCode,
  mobile: Mobile,
  companyName: z.string().trim().min(1, signupTexts.companyRequired).max(200),
  termsAccepted: z.literal(true, { error: signupTexts.termsRequired }),
});
export type SignupForm = z.input<typeof SignupForm>;

/**
 * POST /api/{partnerId}/embed/signup (ours), after the Facebook login: creates the client's
 * business and project. `signupId` is the page's own id for this sign-up: sent twice, the same
 * business and project answer.
 */
export const StartSignupRequest = SignupForm.extend({ signupId: z.uuid() });
export type StartSignupRequest = z.input<typeof StartSignupRequest>;
export const StartSignupResponse = z.object({
  assistantId: z.string(),
  /** Sent as the x-signup-token header of the next calls: they act on this sign-up only. */
  signupToken: z.string(),
});
export type StartSignupResponse = z.infer<typeof StartSignupResponse>;

/** The header that carries a sign-up's token. */
export const SIGNUP_TOKEN_HEADER = 'x-signup-token';

/** POST /api/submit-facebook-access-token (doc 3 section 7). */
const GraphId = z.string().regex(/^[0-9A-Za-z_-]{1,64}$/);

/**
 * What Meta's Embedded Signup tells the page that opened it when the client finishes (its `message`
 * event of type WA_EMBEDDED_SIGNUP: developers.facebook.com/documentation/business-messaging/
 * whatsapp/embedded-signup/implementation, "Successful flow completion structure"): the client's
 * WhatsApp Business Account, its number (none for FINISH_ONLY_WABA) and business portfolio.
 */
export const EmbeddedSignupSession = z.object({
  event: z.enum(['FINISH', 'FINISH_ONLY_WABA', 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING']),
  wabaId: GraphId,
  phoneNumberId: GraphId.nullable(),
  businessId: GraphId.nullable(),
});
export type EmbeddedSignupSession = z.infer<typeof EmbeddedSignupSession>;

/**
 * The spec's call, as Meta's Embedded Signup ends: the exchangeable `code` of the login
 * (response_type 'code', good for 30 seconds) with the session the flow posted; the server trades
 * the code for the client's business token. `accessToken`: a user token from a plain Facebook login
 * (the spec's original field), inspected with debug_token.
 */
export const SubmitFacebookAccessTokenRequest = z
  .object({
    assistantId: z.string().min(1).max(100),
    accessToken: z.string().min(1).max(4000).optional(),
    code: z.string().min(1).max(4000).optional(),
    session: EmbeddedSignupSession.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.accessToken === undefined), {
    message: 'Send either the code or the access token.',
    path: ['code'],
  })
  .refine((b) => b.code === undefined || b.session !== undefined, {
    message: 'The code comes with the session Embedded Signup posted.',
    path: ['session'],
  });
export type SubmitFacebookAccessTokenRequest = z.infer<typeof SubmitFacebookAccessTokenRequest>;
/** success: the number is live ('WABA is Live!'); false: Meta is still setting it up ('WABA in progress! …'). */
export const SubmitFacebookAccessTokenResponse = z.object({ success: z.boolean() });
export type SubmitFacebookAccessTokenResponse = z.infer<typeof SubmitFacebookAccessTokenResponse>;

/** POST /api/embed/signup/otp (ours): Verify Phone Number and Regenerate. */
export const SignupOtpRequest = z.object({ dialCode: DialCode, mobile: Mobile });
export type SignupOtpRequest = z.input<typeof SignupOtpRequest>;
export const SignupOtpResponse = z.object({ message: z.string(), resendAfterSeconds: z.number().int() });
export type SignupOtpResponse = z.infer<typeof SignupOtpResponse>;

/** POST /api/embed/signup/verify-otp (ours). */
export const VerifySignupOtpRequest = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, signupTexts.otpFormat),
});
export type VerifySignupOtpRequest = z.infer<typeof VerifySignupOtpRequest>;

/** POST /api/embed/signup/test-message (ours): Send Test Message from the new number. */
export const SignupTestMessageRequest = SignupOtpRequest;
export type SignupTestMessageRequest = z.input<typeof SignupTestMessageRequest>;

/** GET /api/embed/signup/session (ours): where a sign-up stands, so a reloaded page goes on from there. */
export const SignupSessionResponse = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  projectName: z.string(),
  live: z.boolean(),
  dialCode: z.string(),
  mobile: z.string(),
});
export type SignupSessionResponse = z.infer<typeof SignupSessionResponse>;

/** GET /api/embed/signup/sandbox-phone?dialCode=&mobile= (sandbox only): the messages that number received. */
export const SignupSandboxPhoneResponse = z.object({
  inbox: z.array(z.object({ text: z.string(), at: z.iso.datetime() })),
});
export type SignupSandboxPhoneResponse = z.infer<typeof SignupSandboxPhoneResponse>;
