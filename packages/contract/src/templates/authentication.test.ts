import { describe, expect, it } from 'vitest';
import type { TemplateInput } from './calls.js';
import { fromComponents, toComponents, withMetaTexts } from './components.js';
import { lintTemplate } from './lint.js';
import { templateMessages as m } from './messages.js';
import { storedFromTemplate } from './stored.js';
import { validateTemplate, type NormalizedTemplate } from './validate.js';
import { authenticationTexts, otpOfUrl, otpUrlOf, type AuthenticationInput } from './authentication.js';

const COPY_CODE_PAGE =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/copy-code-button-authentication-templates';
const ONE_TAP_PAGE =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/autofill-button-authentication-templates';
const ZERO_TAP_PAGE =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/zero-tap-authentication-templates';

const input = (authentication: AuthenticationInput | undefined, over: Partial<TemplateInput> = {}): TemplateInput => ({
  category: 'AUTHENTICATION',
  type: 'TEXT',
  language: 'en_US',
  name: 'login_code',
  text: 'Your code is {{1}}',
  sample_text: 'Your code is 1',
  message_action_type: 'CAT',
  call_to_action: [{ type: 'URL', buttonTitle: 'Open', buttonValue: 'https://x.example.com' }],
  quick_replies: [],
  headerText: 'Hello',
  footerText: 'Bye',
  ...(authentication ? { authentication } : {}),
  ...over,
});

const valid = (a: AuthenticationInput, over: Partial<TemplateInput> = {}): NormalizedTemplate => {
  const verdict = validateTemplate(input(a, over));
  if (!verdict.ok) throw new Error(verdict.message);
  return verdict.template;
};

const app = { packageName: 'com.example.luckyshrub', signatureHash: 'K8a/AINcGX7' };

describe('an authentication template is Meta text', () => {
  it('takes Meta text for the choices and drops what was typed', () => {
    const v = valid({ otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10 });
    // Meta's Message Template Previews example (authentication templates page): en_US.
    expect(v.text).toBe('*{{1}}* is your verification code. For your security, do not share this code.');
    expect(v.footerText).toBe('This code expires in 10 minutes.');
    expect(v).toMatchObject({ headerText: '', actionType: 'None', callToAction: [], templateParams: ['123456'] });
    expect(v.sampleText).toBe('*123456* is your verification code. For your security, do not share this code.');
    expect(storedFromTemplate(v).format).toBe(`${v.text} | [Copy code]`);
  });

  it("uses Meta's published Spanish, and the English elsewhere until Meta's own text is read back", () => {
    const es = valid(
      { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 10 },
      {
        language: 'es_ES',
      },
    );
    expect(es.text).toBe('Tu código de verificación es *{{1}}*. Por tu seguridad, no lo compartas.');
    expect(es.footerText).toBe('Este código caduca en 10 minutos.');
    const hi = valid({ otpType: 'COPY_CODE' }, { language: 'hi' });
    expect(hi.text).toBe('*{{1}}* is your verification code.');
    expect(hi.footerText).toBe('');
    const read = withMetaTexts(hi, [{ type: 'BODY', text: '*{{1}}* आपका सत्यापन कोड है।' }]);
    expect(read).toMatchObject({ text: '*{{1}}* आपका सत्यापन कोड है।', sampleText: '*123456* आपका सत्यापन कोड है।' });
  });

  it('is refused with our words where a choice breaks Meta rules', () => {
    const refused = (a: AuthenticationInput | undefined, over: Partial<TemplateInput> = {}) =>
      validateTemplate(input(a, over));
    expect(refused(undefined)).toMatchObject({ rule: 14, message: m.authenticationSettings });
    expect(refused({ otpType: 'COPY_CODE' }, { type: 'IMAGE' })).toMatchObject({
      field: 'type',
      message: m.authenticationText,
    });
    expect(refused({ otpType: 'SMS' })).toMatchObject({ field: 'authentication.otpType', message: m.otpType });
    for (const minutes of [0, 91, 2.5])
      expect(refused({ otpType: 'COPY_CODE', codeExpirationMinutes: minutes })).toMatchObject({
        field: 'authentication.codeExpirationMinutes',
        message: m.codeExpiry,
      });
    expect(refused({ otpType: 'COPY_CODE', buttonText: 'x'.repeat(26) })).toMatchObject({ message: m.otpButtonText });
    expect(refused({ otpType: 'ONE_TAP' })).toMatchObject({
      field: 'authentication.supportedApps',
      message: m.supportedAppsRequired,
    });
    expect(refused({ otpType: 'ONE_TAP', supportedApps: Array(6).fill(app) })).toMatchObject({
      message: m.supportedAppsTooMany,
    });
    // Meta's rules: two segments each starting with a letter; a hash of exactly 11 of [a-zA-Z0-9+/=].
    for (const packageName of ['luckyshrub', 'com.1example', 'com.example-app'])
      expect(refused({ otpType: 'ONE_TAP', supportedApps: [{ ...app, packageName }] })).toMatchObject({
        message: m.packageName,
      });
    for (const signatureHash of ['K8a/AINcGX', 'K8a/AINcGX7x', 'K8a-AINcGX7'])
      expect(refused({ otpType: 'ONE_TAP', supportedApps: [{ ...app, signatureHash }] })).toMatchObject({
        message: m.signatureHash,
      });
    expect(refused({ otpType: 'ONE_TAP', supportedApps: [app, app] })).toMatchObject({
      message: m.packageNameRepeated,
    });
    expect(refused({ otpType: 'ZERO_TAP', supportedApps: [app] })).toMatchObject({
      field: 'authentication.zeroTapTermsAccepted',
      message: m.zeroTapTerms,
    });
  });

  it('keeps no app for a copy code button and the terms only for zero-tap', () => {
    const v = valid({ otpType: 'COPY_CODE', supportedApps: [app], zeroTapTermsAccepted: true, autofillText: 'Fill' });
    expect(v.authentication).toEqual({
      otpType: 'COPY_CODE',
      addSecurityRecommendation: false,
      codeExpirationMinutes: null,
      buttonText: '',
      autofillText: '',
      supportedApps: [],
      zeroTapTermsAccepted: false,
    });
  });

  it('is not linted as written text (its floating code is Meta)', () => {
    const v = valid({ otpType: 'COPY_CODE' });
    const ctx = { names: [], prices: null, now: new Date('2026-11-29T00:00:00Z') };
    expect(lintTemplate(v, ctx)).toEqual([]);
  });
});

describe("Meta's creation call", () => {
  it(`builds the copy code example of ${COPY_CODE_PAGE}`, () => {
    const v = valid({
      otpType: 'COPY_CODE',
      addSecurityRecommendation: true,
      codeExpirationMinutes: 5,
      buttonText: 'Copy Code',
    });
    // Meta's example in upper case, as Meta's own OTP sample app sends it (research §2.3).
    expect(toComponents(v)).toEqual([
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 5 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' }] },
    ]);
  });

  it(`builds the one-tap request syntax of ${ONE_TAP_PAGE}`, () => {
    const v = valid({ otpType: 'ONE_TAP', buttonText: 'Copy Code', autofillText: 'Autofill', supportedApps: [app] });
    expect(toComponents(v)).toEqual([
      { type: 'BODY', add_security_recommendation: false },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'OTP',
            otp_type: 'ONE_TAP',
            text: 'Copy Code',
            autofill_text: 'Autofill',
            supported_apps: [{ package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }],
          },
        ],
      },
    ]);
  });

  it(`builds the zero-tap example of ${ZERO_TAP_PAGE}`, () => {
    const v = valid({
      otpType: 'ZERO_TAP',
      addSecurityRecommendation: true,
      codeExpirationMinutes: 5,
      buttonText: 'Copy Code',
      autofillText: 'Autofill',
      supportedApps: [app],
      zeroTapTermsAccepted: true,
    });
    expect(toComponents(v)).toEqual([
      { type: 'BODY', add_security_recommendation: true },
      { type: 'FOOTER', code_expiration_minutes: 5 },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'OTP',
            otp_type: 'ZERO_TAP',
            text: 'Copy Code',
            autofill_text: 'Autofill',
            zero_tap_terms_accepted: true,
            supported_apps: [{ package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }],
          },
        ],
      },
    ]);
  });

  it("reads back the DIRECT call of Meta's lower-case example", () => {
    const back = fromComponents({
      name: 'authentication_code_copy_code_button',
      language: 'en_US',
      category: 'authentication',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'FOOTER', code_expiration_minutes: 5 },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' }] },
      ],
    });
    expect(back.authentication).toMatchObject({
      otpType: 'COPY_CODE',
      addSecurityRecommendation: true,
      codeExpirationMinutes: 5,
    });
    expect(validateTemplate(back).ok).toBe(true);
  });
});

describe('a template as Meta reads it back', () => {
  // Meta: "upon creation the button type will be set to URL" (copy code page). The address is as
  // integrators read it back (Meta prints none): .../otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}.
  const readBack = {
    name: 'otp_code',
    language: 'en_US',
    category: 'AUTHENTICATION',
    components: [
      { type: 'BODY' as const, text: '*{{1}}* is your verification code. For your security, do not share this code.' },
      { type: 'FOOTER' as const, text: 'This code expires in 5 minutes.' },
      {
        type: 'BUTTONS' as const,
        buttons: [{ type: 'URL' as const, text: 'Copy code', url: otpUrlOf('COPY_CODE', 5) }],
      },
    ],
  };

  it('gives back the choices from the texts and the address', () => {
    expect(otpUrlOf('COPY_CODE', 5)).toBe(
      'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}',
    );
    expect(otpOfUrl(otpUrlOf('ONE_TAP', null))).toEqual({ otpType: 'ONE_TAP', codeExpirationMinutes: null });
    const input = fromComponents(readBack);
    expect(input.authentication).toMatchObject({
      otpType: 'COPY_CODE',
      addSecurityRecommendation: true,
      codeExpirationMinutes: 5,
    });
    const verdict = validateTemplate(input);
    expect(verdict.ok && verdict.template.text).toBe(readBack.components[0]!.text);
  });

  it('shows the same texts the console would have written', () => {
    const texts = authenticationTexts('en_US', {
      addSecurityRecommendation: true,
      codeExpirationMinutes: 5,
      buttonText: '',
      autofillText: '',
    });
    expect(texts).toEqual({
      body: readBack.components[0]!.text,
      footer: readBack.components[1]!.text,
      buttonText: 'Copy code',
      autofillText: 'Autofill',
    });
  });
});
