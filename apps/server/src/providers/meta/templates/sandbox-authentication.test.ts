import {
  fromComponents,
  toComponents,
  validateTemplate,
  type AuthenticationInput,
  type TemplateInput,
} from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { useSandboxMeta } from './sandbox-fixture.js';
import type { SubmittedTemplate } from './templates.js';

const { s, refusal, reviewed } = useSandboxMeta();

/**
 * Meta's creation bodies for `POST /<WABA_ID>/message_templates`, as its authentication pages print
 * them (docs/research/meta-templates.md §2.3), posted to the sandbox's account waba-1.
 */
const posted = (json: string) => ({ wabaId: 'waba-1', ...(JSON.parse(json) as object) }) as SubmittedTemplate;

const PAGES =
  'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates';
const COPY_CODE_PAGE = `${PAGES}/copy-code-button-authentication-templates`;
const ONE_TAP_PAGE = `${PAGES}/autofill-button-authentication-templates`;
const ZERO_TAP_PAGE = `${PAGES}/zero-tap-authentication-templates`;

// Copy code page, "Example request" (Updated: Jun 24, 2026).
const copyCode = `{ "name": "authentication_code_copy_code_button", "language": "en_US", "category": "authentication",
  "message_send_ttl_seconds": 60,
  "components": [
    { "type": "body", "add_security_recommendation": true },
    { "type": "footer", "code_expiration_minutes": 5 },
    { "type": "buttons", "buttons": [ { "type": "otp", "otp_type": "copy_code", "text": "Copy Code" } ] } ] }`;

// One-tap page, "Request syntax" (Updated: Feb 6, 2026), each placeholder filled with the "Example
// Value" of its row (the page's example request names the template and the 10 minutes).
const oneTap = `{
  "name": "authentication_code_autofill_button",
  "language": "en_US",
  "category": "authentication",
  "message_send_ttl_seconds": 60,
  "components": [
    { "type": "body", "add_security_recommendation": true },
    { "type": "footer", "code_expiration_minutes": 10 },
    { "type": "buttons", "buttons": [ { "type": "otp", "otp_type": "one_tap", "text": "Copy Code", "autofill_text": "Autofill",
        "supported_apps": [ { "package_name": "com.example.luckyshrub", "signature_hash": "K8a/AINcGX7" } ] } ] } ] }`;

// One-tap page, "Example request": the app directly on the button, which Meta says it stopped
// supporting "starting with version 21.0" (the request itself names v25.0).
const oneTapFlat = `{ "name": "authentication_code_autofill_button", "language": "en_US", "category": "authentication",
  "message_send_ttl_seconds": 60,
  "components": [
    { "type": "body", "add_security_recommendation": true },
    { "type": "footer", "code_expiration_minutes": 10 },
    { "type": "buttons", "buttons": [ { "type": "otp", "otp_type": "one_tap", "text": "Copy Code", "autofill_text": "Autofill",
        "package_name": "com.example.luckyshrub", "signature_hash": "K8a/AINcGX7" } ] } ] }`;

// Zero-tap page, "Example request".
const zeroTap = `{ "name": "zero_tap_auth_template", "language": "en_US", "category": "authentication", "message_send_ttl_seconds": 60,
  "components": [
    { "type": "body", "add_security_recommendation": true },
    { "type": "footer", "code_expiration_minutes": 5 },
    { "type": "buttons", "buttons": [ { "type": "otp", "otp_type": "zero_tap", "text": "Copy Code",
        "autofill_text": "Autofill", "zero_tap_terms_accepted": true,
        "supported_apps": [ { "package_name": "com.example.luckyshrub", "signature_hash": "K8a/AINcGX7" } ] } ] } ] }`;

const BODY = '*{{1}}* is your verification code. For your security, do not share this code.';
const app = { package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' };
const listed = async () => (await s.meta.list('waba-1'))[0]!;

describe("Meta's authentication creation payloads, as the sandbox takes and reads them back", () => {
  it(`takes the copy code example (${COPY_CODE_PAGE}) and reads its OTP button back as a URL`, async () => {
    const created = await s.meta.create(posted(copyCode));
    // Meta's example response: { "id": "594425479261596", "status": "PENDING", "category": "AUTHENTICATION" }.
    expect(created).toEqual({ id: expect.stringMatching(/^\d{16}$/), status: 'PENDING', category: 'AUTHENTICATION' });
    expect(await listed()).toMatchObject({
      id: created.id,
      name: 'authentication_code_copy_code_button',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', text: BODY, add_security_recommendation: true },
        { type: 'FOOTER', text: 'This code expires in 5 minutes.', code_expiration_minutes: 5 },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'Copy Code',
              url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=5&code=otp{{1}}',
            },
          ],
        },
      ],
    });
  });

  it(`takes the one-tap request with supported_apps (${ONE_TAP_PAGE}), keeping the autofill text and apps`, async () => {
    expect(await s.meta.create(posted(oneTap))).toMatchObject({ status: 'PENDING', category: 'AUTHENTICATION' });
    expect((await listed()).components[2]).toEqual({
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Copy Code',
          url: 'https://www.whatsapp.com/otp/code/?otp_type=ONE_TAP&code_expiration_minutes=10&code=otp{{1}}',
          autofill_text: 'Autofill',
          supported_apps: [app],
        },
      ],
    });
  });

  it(`refuses the one-tap example request's app on the button (${ONE_TAP_PAGE}), gone since v21.0`, async () => {
    expect(await refusal(posted(oneTapFlat))).toMatchObject({
      code: 100,
      userMessage: expect.stringContaining('go in supported_apps') as unknown,
    });
  });

  it(`takes the zero-tap example (${ZERO_TAP_PAGE}), keeping the accepted terms`, async () => {
    expect(await s.meta.create(posted(zeroTap))).toMatchObject({ status: 'PENDING', category: 'AUTHENTICATION' });
    const [, footer, buttons] = (await listed()).components;
    expect(footer).toEqual({ type: 'FOOTER', text: 'This code expires in 5 minutes.', code_expiration_minutes: 5 });
    expect(buttons!.buttons).toEqual([
      {
        type: 'URL',
        text: 'Copy Code',
        url: 'https://www.whatsapp.com/otp/code/?otp_type=ZERO_TAP&code_expiration_minutes=5&code=otp{{1}}',
        autofill_text: 'Autofill',
        supported_apps: [app],
        zero_tap_terms_accepted: true,
      },
    ]);
  });

  it('approves it in its category on review: the OTP button is no link of the business', async () => {
    expect(await reviewed(posted(copyCode))).toMatchObject({
      status: 'APPROVED',
      rejectedReason: 'NONE',
      category: 'AUTHENTICATION',
      previousCategory: null,
    });
  });
});

const authInput = (language: string, authentication: AuthenticationInput): TemplateInput => ({
  category: 'AUTHENTICATION',
  type: 'TEXT',
  language,
  name: 'login_code',
  text: '',
  sample_text: '',
  message_action_type: 'None',
  call_to_action: [],
  quick_replies: [],
  authentication,
});
const normalized = (input: TemplateInput) => {
  const verdict = validateTemplate(input);
  if (!verdict.ok) throw new Error(`not valid: rule ${verdict.rule} ${verdict.message}`);
  return verdict.template;
};

/** The console's template, through the sandbox, synced back: the choices it reads. */
const roundTrip = async (language: string, authentication: AuthenticationInput) => {
  const sent = normalized(authInput(language, authentication));
  await s.meta.create({
    wabaId: 'waba-1',
    name: sent.name,
    language,
    category: sent.category,
    components: toComponents(sent),
  });
  return { sent: sent.authentication, back: normalized(fromComponents(await listed())).authentication };
};

describe("the contract reads the sandbox's read-back as the choices it was made from", () => {
  const apps = [{ packageName: 'com.example.luckyshrub', signatureHash: 'K8a/AINcGX7' }];
  const choices: [string, AuthenticationInput][] = [
    [
      'en_US',
      { otpType: 'COPY_CODE', addSecurityRecommendation: true, codeExpirationMinutes: 5, buttonText: 'Copy Code' },
    ],
    [
      'es_ES',
      { otpType: 'COPY_CODE', addSecurityRecommendation: false, codeExpirationMinutes: null, buttonText: 'Copiar' },
    ],
    [
      'en_US',
      {
        otpType: 'ONE_TAP',
        addSecurityRecommendation: true,
        codeExpirationMinutes: 10,
        buttonText: 'Copy Code',
        autofillText: 'Fill in',
        supportedApps: [...apps, { packageName: 'com.example.luckyshrub_beta', signatureHash: 'Zz9+/=Abc12' }],
      },
    ],
    [
      'hi',
      {
        otpType: 'ZERO_TAP',
        addSecurityRecommendation: false,
        codeExpirationMinutes: 90,
        buttonText: 'Copy Code',
        autofillText: 'Autofill',
        supportedApps: apps,
        zeroTapTermsAccepted: true,
      },
    ],
  ];
  for (const [language, authentication] of choices)
    it(`round-trips ${authentication.otpType} in ${language}`, async () => {
      const { sent, back } = await roundTrip(language, authentication);
      expect(back).toEqual(sent);
    });

  it("comes back with Meta's own button texts written out when they were left to Meta", async () => {
    const { sent, back } = await roundTrip('es_ES', {
      otpType: 'ONE_TAP',
      codeExpirationMinutes: null,
      supportedApps: apps,
    });
    expect(back).toEqual({ ...sent, buttonText: 'Copiar código', autofillText: 'Autocompletar' });
    expect((await listed()).components[0]).toEqual({
      type: 'BODY',
      text: 'Tu código de verificación es *{{1}}*.',
      add_security_recommendation: false,
    });
  });
});
