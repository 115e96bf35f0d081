import {
  AUTH_BUTTON_TEXT_MAX,
  AUTH_CODE_EXPIRY_MAX,
  AUTH_CODE_EXPIRY_MIN,
  AUTH_SUPPORTED_APPS_MAX,
  otpTypes,
  packageNameOk,
  signatureHashOk,
  type TemplateButton,
  type TemplateComponent,
} from '@pc/contract';
import { invalid, notOneOf, unexpectedFields } from './refusals.js';
import type { MetaApiError } from '../graph-error.js';

/**
 * What Meta refuses about an AUTHENTICATION template (docs/research/meta-templates.md §2): Meta
 * writes the text itself, so the BODY carries only `add_security_recommendation` and the FOOTER
 * only `code_expiration_minutes`; the template has exactly one OTP button, copy code, one-tap or
 * zero-tap, as the creation payloads of Meta's three pages show. Meta publishes the rules but not
 * its error texts, except the [3P] 2388042 for BODY text (refusals.ts); every other detail here is
 * ours, under Meta's code 100 "Invalid parameter". The template is in Meta's case (read-back.ts).
 */

/** The fields given beyond those Meta takes (JSON drops an undefined one, so it is not given). */
const extraFields = (given: object, taken: readonly string[]) =>
  Object.entries(given)
    .filter(([key, value]) => value !== undefined && !taken.includes(key))
    .map(([key]) => key);

const checkBody = (body: TemplateComponent): MetaApiError | null => {
  const extra = extraFields(body, ['type', 'add_security_recommendation']);
  if (extra.length > 0) return unexpectedFields('BODY', extra);
  const security = body.add_security_recommendation;
  return security === undefined || typeof security === 'boolean'
    ? null
    : invalid('add_security_recommendation must be true or false.');
};

/** Meta: code_expiration_minutes "Minimum 1, maximum 90" (an Integer). */
const checkFooter = (footer: TemplateComponent): MetaApiError | null => {
  // Only BODY text was seen refused with 2388042; FOOTER text is refused in the same shape.
  const extra = extraFields(footer, ['type', 'code_expiration_minutes']);
  if (extra.length > 0) return unexpectedFields('FOOTER', extra);
  const minutes = footer.code_expiration_minutes;
  if (minutes === undefined) return null;
  return Number.isInteger(minutes) && minutes >= AUTH_CODE_EXPIRY_MIN && minutes <= AUTH_CODE_EXPIRY_MAX
    ? null
    : invalid(
        `code_expiration_minutes must be a whole number from ${AUTH_CODE_EXPIRY_MIN} to ${AUTH_CODE_EXPIRY_MAX}.`,
      );
};

/** Meta: the copy code and autofill texts are optional, "Maximum 25 characters". */
const checkTexts = (b: TemplateButton): MetaApiError | null => {
  for (const field of ['text', 'autofill_text'] as const) {
    const text = b[field];
    if (text !== undefined && (text.trim() === '' || text.length > AUTH_BUTTON_TEXT_MAX))
      return invalid(`The OTP button's ${field} must be 1 to ${AUTH_BUTTON_TEXT_MAX} characters (or left out).`);
  }
  return null;
};

/**
 * One-tap and zero-tap name the Android apps that may receive the code: `supported_apps`, "pairs
 * of app package names and signing key hashes for up to 5 apps", each judged by Meta's rules (the
 * contract's packageNameOk and signatureHashOk). Package name and hash directly on the button were
 * allowed up to Graph API v20.0 only ("we will stop supporting this method starting with version
 * 21.0"); the console calls v25.0, so they are refused, although Meta's one-tap example request
 * still shows that form.
 */
const checkApps = (b: TemplateButton): MetaApiError | null => {
  const flat = b as { package_name?: unknown; signature_hash?: unknown };
  if (flat.package_name !== undefined || flat.signature_hash !== undefined)
    return invalid('Since Graph API v21.0 package_name and signature_hash go in supported_apps, not on the button.');
  const apps = b.supported_apps ?? [];
  if (apps.length === 0)
    return invalid(`A ${b.otp_type} button needs supported_apps: your Android app's package_name and signature_hash.`);
  if (apps.length > AUTH_SUPPORTED_APPS_MAX)
    return invalid(`supported_apps can hold at most ${AUTH_SUPPORTED_APPS_MAX} apps.`);
  const badName = apps.find((a) => !packageNameOk(a.package_name ?? ''));
  if (badName)
    return invalid(
      `package_name "${badName.package_name}" must have at least two segments (one or more dots), each starting with a letter, of a-z, A-Z, 0-9 and _ only, at most 224 characters.`,
    );
  const badHash = apps.find((a) => !signatureHashOk(a.signature_hash ?? ''));
  return badHash
    ? invalid(`signature_hash "${badHash.signature_hash}" must be exactly 11 characters of a-z, A-Z, 0-9, +, / and =.`)
    : null;
};

const checkOtpButton = (b: TemplateButton, at: number): MetaApiError | null => {
  if (b.otp_type === undefined) return invalid('An OTP button needs its otp_type: COPY_CODE, ONE_TAP or ZERO_TAP.');
  if (!(otpTypes as readonly string[]).includes(b.otp_type))
    return notOneOf(`components[${at}][buttons][0][otp_type]`, otpTypes, b.otp_type);
  const texts = checkTexts(b);
  if (texts || b.otp_type === 'COPY_CODE') return texts;
  const apps = checkApps(b);
  if (apps) return apps;
  // Meta: "If set to false, the template will not be created as you need to accept zero-tap terms".
  return b.otp_type === 'ZERO_TAP' && b.zero_tap_terms_accepted !== true
    ? invalid('A ZERO_TAP button needs zero_tap_terms_accepted: true; without it the template is not created.')
    : null;
};

/** The first thing Meta would refuse about an AUTHENTICATION template's components (each type at most once). */
export const authenticationRefusal = (components: readonly TemplateComponent[]): MetaApiError | null => {
  // Meta: "URLs, media, and emojis are not supported"; the template is its preset text and a button.
  if (components.some((c) => c.type === 'HEADER'))
    return invalid('An AUTHENTICATION template has no HEADER: Meta writes its text, and media are not supported.');
  const at = components.findIndex((c) => c.type === 'BUTTONS');
  const buttons = components[at]?.buttons ?? [];
  // Required of every new authentication template since 2023 (§2.5); Meta's error for it is not
  // published, so this wording is ours.
  if (!buttons.some((b) => b.type === 'OTP'))
    return invalid('An AUTHENTICATION template needs one OTP button (otp_type COPY_CODE, ONE_TAP or ZERO_TAP).');
  if (buttons.length > 1) return invalid('An AUTHENTICATION template has exactly one button, its OTP button.');
  const body = components.find((c) => c.type === 'BODY');
  const footer = components.find((c) => c.type === 'FOOTER');
  return (body && checkBody(body)) ?? (footer && checkFooter(footer)) ?? checkOtpButton(buttons[0]!, at);
};
