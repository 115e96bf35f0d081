import { describe, expect, it } from 'vitest';
import { projectApiMessages as m } from '@pc/contract';
import type { ApiTemplateRow } from './queries.js';
import { countryOfNumber } from './recipient.js';
import { categoryOf, componentsFor, summaryOf } from './template-shape.js';

/** A send's components as the Cloud API takes them, from the stored template and the request's values. */
const row = (over: Partial<ApiTemplateRow> = {}): ApiTemplateRow => ({
  name: 'payment_reminder',
  language: 'en',
  category: 'UTILITY',
  type: 'TEXT',
  status: 'APPROVED',
  body: 'Dear {{1}}, your payment of Rs {{2}} is due.',
  headerText: '',
  footerText: '',
  actionType: 'None',
  callToAction: [],
  quickReplies: [],
  sampleMediaUrl: '',
  authentication: null,
  ...over,
});

describe('componentsFor', () => {
  it('gives the body one text per parameter, in order; nothing for a template without any', () => {
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['Meena', '850'] })).toEqual({
      ok: true,
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Meena' },
            { type: 'text', text: '850' },
          ],
        },
      ],
    });
    expect(componentsFor(row({ body: 'Hello there, welcome!' }), { name: 'x', language: 'en' })).toEqual({
      ok: true,
      components: [],
    });
  });

  it('sends a media header with the given file, else the sample; a document as a document', () => {
    const image = row({ type: 'IMAGE', body: 'Hi!', sampleMediaUrl: 'https://console.example/api/files/1' });
    expect(componentsFor(image, { name: 'x', language: 'en' })).toMatchObject({
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://console.example/api/files/1' } }] },
      ],
    });
    const file = row({ type: 'FILE', body: 'Hi!' });
    expect(componentsFor(file, { name: 'x', language: 'en', mediaUrl: 'https://cdn.example/i.pdf' })).toMatchObject({
      components: [
        { type: 'header', parameters: [{ type: 'document', document: { link: 'https://cdn.example/i.pdf' } }] },
      ],
    });
  });

  it('fills a dynamic URL button by its place among the buttons, and insists on its value', () => {
    const t = row({
      body: 'Hi!',
      actionType: 'CAT',
      callToAction: [
        { type: 'Phone Number', buttonTitle: 'Call us', buttonValue: '919876543210' },
        { type: 'URL', buttonTitle: 'Pay now', buttonValue: 'https://pay.example/{{1}}' },
      ],
    });
    expect(componentsFor(t, { name: 'x', language: 'en', urlParameter: 'SB-1077' })).toEqual({
      ok: true,
      components: [{ type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'SB-1077' }] }],
    });
    expect(componentsFor(t, { name: 'x', language: 'en' })).toEqual({
      ok: false,
      field: 'template.urlParameter',
      message: m.urlParameterMissing('payment_reminder'),
    });
  });

  it('refuses a location header, a wrong count and a parameter Meta would refuse', () => {
    expect(componentsFor(row({ type: 'LOCATION', body: 'Hi!' }), { name: 'x', language: 'en' })).toMatchObject({
      ok: false,
      message: m.locationHeader('payment_reminder'),
    });
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['a', 'b', 'c'] })).toMatchObject({
      ok: false,
      message: m.parameterCount('payment_reminder', 2, 3),
    });
    for (const bad of ['', '   ', 'a\tb', 'a\nb', 'a     b'])
      expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['ok', bad] })).toMatchObject({
        ok: false,
        field: 'template.parameters.1',
      });
    expect(componentsFor(row(), { name: 'x', language: 'en', parameters: ['ok', 'a    b'] }).ok).toBe(true);
  });
});

/**
 * An authentication template as the console stores it (Meta's copy code page, "Sending
 * authentication templates",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/copy-code-button-authentication-templates):
 * Meta's body with the code as its one parameter, and one one-time password button, which Meta
 * stores as a URL button.
 */
const loginCode = (over: Partial<NonNullable<ApiTemplateRow['authentication']>> = {}) =>
  row({
    name: 'verification_code',
    language: 'en_US',
    category: 'AUTHENTICATION',
    body: '*{{1}}* is your verification code. For your security, do not share this code.',
    footerText: 'This code expires in 10 minutes.',
    authentication: {
      addSecurityRecommendation: true,
      codeExpirationMinutes: 10,
      otpType: 'COPY_CODE',
      buttonText: '',
      autofillText: '',
      supportedApps: [],
      zeroTapTermsAccepted: false,
      ...over,
    },
  });

describe('an authentication template', () => {
  it('is sent as Meta\'s page shows it: the code in the body and again in the url button at index "0"', () => {
    // Meta's example, verbatim: body [{type: text, text: "J$FpnYnP"}], then
    // {type: button, sub_type: url, index: "0", parameters: [{type: text, text: "J$FpnYnP"}]}.
    expect(
      componentsFor(loginCode(), { name: 'verification_code', language: 'en_US', parameters: ['J$FpnYnP'] }),
    ).toEqual({
      ok: true,
      components: [
        { type: 'body', parameters: [{ type: 'text', text: 'J$FpnYnP' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'J$FpnYnP' }] },
      ],
    });
  });

  it('takes one code of at most 15 characters ("Maximum 15 characters"), and no urlParameter or mediaUrl', () => {
    const send = (template: Partial<Parameters<typeof componentsFor>[1]>) =>
      componentsFor(loginCode(), { name: 'verification_code', language: 'en_US', ...template });
    expect(send({ parameters: ['123456789012345'] }).ok).toBe(true);
    expect(send({ parameters: ['1234567890123456'] })).toEqual({
      ok: false,
      field: 'template.parameters.0',
      message: m.otpCodeTooLong('verification_code'),
    });
    for (const parameters of [undefined, [], ['482913', '482913']])
      expect(send(parameters ? { parameters } : {})).toEqual({
        ok: false,
        field: 'template.parameters',
        message: m.otpCodeCount('verification_code', parameters?.length ?? 0),
      });
    expect(send({ parameters: ['48 29\t13'] })).toMatchObject({ ok: false, field: 'template.parameters.0' });
    expect(send({ parameters: ['482913'], urlParameter: '482913' })).toEqual({
      ok: false,
      field: 'template.urlParameter',
      message: m.otpUrlParameter('verification_code'),
    });
    expect(send({ parameters: ['482913'], mediaUrl: 'https://cdn.example/i.png' })).toMatchObject({
      ok: false,
      field: 'template.mediaUrl',
    });
  });

  it('refuses a legacy authentication template (no OTP button), which Meta stopped sending on 1 April 2024', () => {
    const legacy = row({ name: 'old_code', category: 'AUTHENTICATION', body: 'Your code is {{1}} today.' });
    expect(componentsFor(legacy, { name: 'old_code', language: 'en', parameters: ['1234'] })).toEqual({
      ok: false,
      field: 'template.name',
      message: m.legacyAuthentication('old_code'),
    });
  });

  it('is listed with its one OTP button, filled by the code rather than a urlParameter', () => {
    expect(summaryOf(loginCode())).toMatchObject({
      category: 'AUTHENTICATION',
      body: '*{{1}}* is your verification code. For your security, do not share this code.',
      bodyParameters: 1,
      header: null,
      footer: 'This code expires in 10 minutes.',
      buttons: [{ type: 'OTP', text: 'Copy code', otpType: 'COPY_CODE', takesParameter: false }],
    });
    expect(summaryOf(loginCode({ otpType: 'ONE_TAP', buttonText: 'Copy', autofillText: 'Fill in' })).buttons).toEqual([
      { type: 'OTP', text: 'Copy', otpType: 'ONE_TAP', autofillText: 'Fill in', takesParameter: false },
    ]);
  });
});

describe('the conversation category and country of a send', () => {
  it("is the template's category, in the charging's words", () => {
    expect(categoryOf({ category: 'UTILITY' })).toBe('utility');
    expect(categoryOf({ category: 'AUTHENTICATION' })).toBe('authentication');
    expect(categoryOf({ category: 'MARKETING' })).toBe('marketing');
  });

  it("is the number's country by its calling code and leading digits", () => {
    expect(countryOfNumber('919876543210')).toBe('IN');
    expect(countryOfNumber('14155550118')).toBe('US');
    expect(countryOfNumber('14165550123')).toBe('CA');
    expect(countryOfNumber('447400123456')).toBe('GB');
    expect(countryOfNumber('971501234567')).toBe('AE');
    expect(countryOfNumber('91987650')).toBeNull();
    expect(countryOfNumber('80012345678')).toBeNull();
    expect(countryOfNumber('99912345678')).toBeNull();
  });
});
