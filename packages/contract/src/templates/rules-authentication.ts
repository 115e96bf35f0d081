import {
  AUTH_BUTTON_TEXT_MAX,
  AUTH_CODE_EXPIRY_MAX,
  AUTH_CODE_EXPIRY_MIN,
  AUTH_SUPPORTED_APPS_MAX,
  OtpType,
  packageNameOk,
  signatureHashOk,
  type Authentication,
  type AuthenticationInput,
} from './authentication.js';
import { templateMessages as m } from './messages.js';
import { fail, type TemplateFailure } from './types.js';

/**
 * An AUTHENTICATION template's choices, judged by Meta's rules (the copy code, one-tap and
 * zero-tap pages; docs/research/meta-templates.md §2.3): rule 14, ours, after the spec's 13.
 */

const RULE = 14;

const checkExpiry = (minutes: number | null | undefined): TemplateFailure | { ok: true; minutes: number | null } => {
  if (minutes === null || minutes === undefined) return { ok: true, minutes: null };
  if (!Number.isInteger(minutes) || minutes < AUTH_CODE_EXPIRY_MIN || minutes > AUTH_CODE_EXPIRY_MAX)
    return fail(RULE, 'authentication.codeExpirationMinutes', m.codeExpiry);
  return { ok: true, minutes };
};

const checkApps = (
  apps: AuthenticationInput['supportedApps'],
): TemplateFailure | { ok: true; apps: Authentication['supportedApps'] } => {
  const trimmed = (apps ?? [])
    .map((a) => ({ packageName: a.packageName.trim(), signatureHash: a.signatureHash.trim() }))
    .filter((a) => a.packageName !== '' || a.signatureHash !== '');
  if (trimmed.length === 0) return fail(RULE, 'authentication.supportedApps', m.supportedAppsRequired);
  if (trimmed.length > AUTH_SUPPORTED_APPS_MAX)
    return fail(RULE, 'authentication.supportedApps', m.supportedAppsTooMany);
  if (trimmed.some((a) => !packageNameOk(a.packageName)))
    return fail(RULE, 'authentication.supportedApps', m.packageName);
  if (trimmed.some((a) => !signatureHashOk(a.signatureHash)))
    return fail(RULE, 'authentication.supportedApps', m.signatureHash);
  const pairs = new Set(trimmed.map((a) => `${a.packageName} ${a.signatureHash}`));
  if (pairs.size !== trimmed.length) return fail(RULE, 'authentication.supportedApps', m.packageNameRepeated);
  return { ok: true, apps: trimmed };
};

const checkText = (typed: string | undefined, field: 'buttonText' | 'autofillText') => {
  const text = (typed ?? '').trim();
  return text.length > AUTH_BUTTON_TEXT_MAX ? fail(RULE, `authentication.${field}`, m.otpButtonText) : text;
};

/** The choices once valid: a copy code button keeps no app, the zero-tap terms only count for zero-tap. */
export const checkAuthentication = (
  input: AuthenticationInput | undefined,
): TemplateFailure | { ok: true; authentication: Authentication } => {
  if (!input) return fail(RULE, 'authentication.otpType', m.authenticationSettings);
  const otpType = OtpType.safeParse(input.otpType).data;
  if (!otpType) return fail(RULE, 'authentication.otpType', m.otpType);
  const expiry = checkExpiry(input.codeExpirationMinutes);
  if (!expiry.ok) return expiry;
  const buttonText = checkText(input.buttonText, 'buttonText');
  if (typeof buttonText !== 'string') return buttonText;
  const onAndroid = otpType !== 'COPY_CODE';
  const autofillText = onAndroid ? checkText(input.autofillText, 'autofillText') : '';
  if (typeof autofillText !== 'string') return autofillText;
  const apps = onAndroid ? checkApps(input.supportedApps) : ({ ok: true, apps: [] } as const);
  if (!apps.ok) return apps;
  // Meta: "If set to false, the template will not be created".
  if (otpType === 'ZERO_TAP' && input.zeroTapTermsAccepted !== true)
    return fail(RULE, 'authentication.zeroTapTermsAccepted', m.zeroTapTerms);
  return {
    ok: true,
    authentication: {
      addSecurityRecommendation: input.addSecurityRecommendation ?? false,
      codeExpirationMinutes: expiry.minutes,
      otpType,
      buttonText,
      autofillText,
      supportedApps: [...apps.apps],
      zeroTapTermsAccepted: otpType === 'ZERO_TAP',
    },
  };
};
