import { z } from 'zod';

/**
 * Authentication templates as Meta defines them (docs/research/meta-templates.md §2): Meta writes
 * the text itself, "<code> is your verification code.", with an optional security sentence in the
 * body and an optional expiry sentence as the footer, and the template carries one one-time
 * password button: copy code, one-tap autofill (Android, with the app's package name and signing
 * hash) or zero-tap (the same, and the zero-tap terms accepted). The console holds the choices;
 * the texts follow from them and the language.
 */

export const otpTypes = ['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'] as const;
export const OtpType = z.enum(otpTypes);
export type OtpType = z.infer<typeof OtpType>;
export const otpTypeLabels: Record<OtpType, string> = {
  COPY_CODE: 'Copy code',
  ONE_TAP: 'One-tap autofill',
  ZERO_TAP: 'Zero-tap',
};

/** Meta: code_expiration_minutes "Minimum 1, maximum 90". */
export const AUTH_CODE_EXPIRY_MIN = 1;
export const AUTH_CODE_EXPIRY_MAX = 90;
/** Meta: "pairs of app package names and signing key hashes for up to 5 apps". */
export const AUTH_SUPPORTED_APPS_MAX = 5;
/** Meta: the one-time password, "Maximum 15 characters". */
export const AUTH_CODE_MAX = 15;
/** Meta: button texts, "Maximum 25 characters". */
export const AUTH_BUTTON_TEXT_MAX = 25;
/** The code the preview and the stored sample message show. */
export const AUTH_SAMPLE_CODE = '123456';

/**
 * Meta's rules for an Android app (one-tap and zero-tap pages): the package name "must have at
 * least two segments (one or more dots), and each segment must start with a letter", characters
 * `[a-zA-Z0-9_]`, at most 224; the signature hash is exactly 11 of `[a-zA-Z0-9+/=]`.
 */
export const PACKAGE_NAME_MAX = 224;
export const packageNameOk = (v: string) =>
  v.length <= PACKAGE_NAME_MAX && /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/.test(v);
export const signatureHashOk = (v: string) => /^[a-zA-Z0-9+/=]{11}$/.test(v);

const loose = (max: number) => z.string().max(max);

export const SupportedApp = z.object({ packageName: loose(300), signatureHash: loose(100) });
export type SupportedApp = z.infer<typeof SupportedApp>;

/** The authentication choices as typed (judged by the validator, which answers in our words). */
export const AuthenticationInput = z.object({
  addSecurityRecommendation: z.boolean().optional(),
  /** Empty: no expiry sentence. */
  codeExpirationMinutes: z.number().nullable().optional(),
  otpType: loose(20),
  /** The copy code button's text; empty: Meta's own, in the template's language. */
  buttonText: loose(200).optional(),
  /** The one-tap button's text; empty: Meta's own. */
  autofillText: loose(200).optional(),
  supportedApps: z.array(SupportedApp).max(20).optional(),
  zeroTapTermsAccepted: z.boolean().optional(),
});
export type AuthenticationInput = z.infer<typeof AuthenticationInput>;

/** The choices once valid, as stored and answered (a draft's expiry is as typed, not yet judged). */
export const Authentication = z.object({
  addSecurityRecommendation: z.boolean(),
  codeExpirationMinutes: z.number().nullable(),
  otpType: OtpType,
  buttonText: z.string(),
  autofillText: z.string(),
  supportedApps: z.array(SupportedApp),
  zeroTapTermsAccepted: z.boolean(),
});
export type Authentication = z.infer<typeof Authentication>;

type Texts = {
  code: string;
  security: string;
  expiry: (minutes: number) => string;
  copyCode: string;
  autofill: string;
};

/**
 * The texts Meta published, from its Message Template Previews example (en_US and es_ES, on the
 * authentication templates page). Meta translates them into every template language and publishes
 * no others, so another language shows the English until Meta's own text is read back (sync, or
 * the components-update webhook).
 */
const publishedTexts: Record<string, Texts> = {
  en_US: {
    code: '*{{1}}* is your verification code.',
    security: 'For your security, do not share this code.',
    expiry: (n) => `This code expires in ${n} minutes.`,
    copyCode: 'Copy code',
    autofill: 'Autofill',
  },
  es_ES: {
    code: 'Tu código de verificación es *{{1}}*.',
    security: 'Por tu seguridad, no lo compartas.',
    expiry: (n) => `Este código caduca en ${n} minutos.`,
    copyCode: 'Copiar código',
    autofill: 'Autocompletar',
  },
};

/** Whether Meta published its authentication text in this language (else the English stands in). */
export const hasPublishedAuthenticationText = (language: string) => language in publishedTexts;

/** What the user will see: Meta's body, footer and button texts for these choices in this language. */
export const authenticationTexts = (
  language: string,
  a: Pick<Authentication, 'addSecurityRecommendation' | 'codeExpirationMinutes' | 'buttonText' | 'autofillText'>,
) => {
  const t = publishedTexts[language] ?? publishedTexts.en_US!;
  return {
    body: a.addSecurityRecommendation ? `${t.code} ${t.security}` : t.code,
    footer: a.codeExpirationMinutes === null ? '' : t.expiry(a.codeExpirationMinutes),
    buttonText: a.buttonText || t.copyCode,
    autofillText: a.autofillText || t.autofill,
  };
};

/**
 * Meta stores each OTP button as a URL button on WhatsApp's own address (its pages: "upon creation
 * the button type will be set to URL"); the address carries the kind and the expiry, e.g.
 * `https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}`
 * (as read back by integrators; Meta does not print one).
 */
export const OTP_URL_PREFIX = 'https://www.whatsapp.com/otp/';
export const isOtpUrl = (url: string | undefined) => (url ?? '').startsWith(OTP_URL_PREFIX);

export const otpUrlOf = (otpType: OtpType, codeExpirationMinutes: number | null) =>
  `${OTP_URL_PREFIX}code/?otp_type=${otpType}` +
  (codeExpirationMinutes === null ? '' : `&code_expiration_minutes=${codeExpirationMinutes}`) +
  '&code=otp{{1}}';

/** The kind and expiry an OTP button's URL carries (for templates read back from Meta). */
export const otpOfUrl = (url: string): { otpType: OtpType; codeExpirationMinutes: number | null } => {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const minutes = Number(query.get('code_expiration_minutes') ?? '');
  return {
    otpType: OtpType.safeParse(query.get('otp_type')).data ?? 'COPY_CODE',
    codeExpirationMinutes: Number.isInteger(minutes) && minutes > 0 ? minutes : null,
  };
};
