import type { TemplateButton, TemplateComponent } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { metaRefusal } from './checks.js';
import { inMetaCase } from './read-back.js';

/** What the sandbox answers these components, as a create would check them. */
const refusalOf = (components: TemplateComponent[], category = 'AUTHENTICATION') =>
  metaRefusal(inMetaCase({ wabaId: 'waba-1', name: 'login_code', language: 'en_US', category, components }));
const detailOf = (components: TemplateComponent[], category?: string) => refusalOf(components, category)?.userMessage;

const body: TemplateComponent = { type: 'BODY', add_security_recommendation: true };
const footer = (minutes: number): TemplateComponent => ({ type: 'FOOTER', code_expiration_minutes: minutes });
const otp = (over: Partial<TemplateButton> = {}): TemplateComponent => ({
  type: 'BUTTONS',
  buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', ...over }],
});
const app = { package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' };
const oneTap = (over: Partial<TemplateButton> = {}) => otp({ otp_type: 'ONE_TAP', supported_apps: [app], ...over });

describe('what the sandbox Meta refuses about an authentication template', () => {
  it('takes the preset text with one OTP button, in either case', () => {
    expect(refusalOf([body, footer(5), otp()])).toBeNull();
    expect(refusalOf([{ type: 'BODY' }, otp({ text: 'Copy Code' })])).toBeNull();
    const lower = [{ type: 'body' }, { type: 'buttons', buttons: [{ type: 'otp', otp_type: 'copy_code' }] }];
    expect(refusalOf(lower as TemplateComponent[], 'authentication')).toBeNull();
  });

  it('refuses a template without an OTP button (required since 2023), with our own wording', () => {
    const legacy: TemplateComponent = { type: 'BODY', text: 'Your login code is {{1}} today.' };
    const none: TemplateComponent[][] = [[legacy], [body], [body, { type: 'BUTTONS', buttons: [] }]];
    for (const components of none)
      expect(refusalOf(components)).toMatchObject({ httpStatus: 400, code: 100, message: 'Invalid parameter' });
    expect(detailOf([legacy])).toContain('needs one OTP button');
    const link = { type: 'URL' as const, text: 'Open app', url: 'https://example.com/login' };
    expect(detailOf([body, { type: 'BUTTONS', buttons: [link] }])).toContain('needs one OTP button');
    expect(detailOf([body, { type: 'BUTTONS', buttons: [otp().buttons![0]!, link] }])).toContain('exactly one button');
  });

  it('refuses BODY text with 2388042, as integrators saw, and FOOTER text the same way', () => {
    expect(refusalOf([{ type: 'BODY', text: '*{{1}}* is your verification code.' }, otp()])).toMatchObject({
      code: 100,
      subcode: 2388042,
      userMessage: 'component of type BODY has unexpected field(s) (text)',
    });
    expect(refusalOf([body, { type: 'FOOTER', text: 'This code expires in 5 minutes.' }, otp()])).toMatchObject({
      subcode: 2388042,
      userMessage: 'component of type FOOTER has unexpected field(s) (text)',
    });
  });

  it('refuses a header, text or media', () => {
    const text: TemplateComponent = { type: 'HEADER', format: 'TEXT', text: 'Login' };
    const image: TemplateComponent = { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1n'] } };
    for (const header of [text, image]) expect(detailOf([header, body, otp()])).toContain('no HEADER');
  });

  it('takes a code expiry of 1 to 90 whole minutes only', () => {
    for (const minutes of [1, 90]) expect(refusalOf([body, footer(minutes), otp()])).toBeNull();
    for (const minutes of [0, 91, 2.5, -5])
      expect(detailOf([body, footer(minutes), otp()])).toContain('code_expiration_minutes');
  });

  it('refuses an OTP button without a known otp_type', () => {
    expect(detailOf([body, otp({ otp_type: undefined })])).toContain('needs its otp_type');
    const unknown = refusalOf([body, otp({ otp_type: 'SMS' as TemplateButton['otp_type'] })]);
    expect(unknown?.message).toBe(
      '(#100) Param components[1][buttons][0][otp_type] must be one of {COPY_CODE, ONE_TAP, ZERO_TAP} - got "SMS".',
    );
  });

  it('takes button texts of at most 25 characters', () => {
    expect(refusalOf([body, oneTap({ text: 'c'.repeat(25), autofill_text: 'a'.repeat(25) })])).toBeNull();
    expect(detailOf([body, otp({ text: 'c'.repeat(26) })])).toContain('text must be 1 to 25');
    expect(detailOf([body, oneTap({ autofill_text: 'a'.repeat(26) })])).toContain('autofill_text must be 1 to 25');
    expect(detailOf([body, otp({ text: '  ' })])).toContain('text must be 1 to 25');
  });

  it('needs 1 to 5 supported apps, each by Meta’s rules, for one-tap and zero-tap', () => {
    expect(detailOf([body, oneTap({ supported_apps: undefined })])).toContain('ONE_TAP button needs supported_apps');
    expect(detailOf([body, oneTap({ supported_apps: [] })])).toContain('needs supported_apps');
    expect(refusalOf([body, oneTap({ supported_apps: Array.from({ length: 5 }, () => app) })])).toBeNull();
    expect(detailOf([body, oneTap({ supported_apps: Array.from({ length: 6 }, () => app) })])).toContain('at most 5');
    for (const name of ['luckyshrub', 'com.1example', 'com.example-app', `com.${'a'.repeat(221)}`])
      expect(detailOf([body, oneTap({ supported_apps: [{ ...app, package_name: name }] })])).toContain('package_name');
    for (const hash of ['K8a/AINcGX', 'K8a/AINcGX7x', 'K8a-AINcGX7'])
      expect(detailOf([body, oneTap({ supported_apps: [{ ...app, signature_hash: hash }] })])).toContain(
        'signature_hash',
      );
    // The app on the button itself was Graph API v20.0 and older only.
    const flat = { package_name: app.package_name, signature_hash: app.signature_hash } as Partial<TemplateButton>;
    expect(detailOf([body, oneTap({ supported_apps: undefined, ...flat })])).toContain('go in supported_apps');
    // A copy code button names no app.
    expect(refusalOf([body, otp({ supported_apps: [] })])).toBeNull();
  });

  it('creates a zero-tap template only with the zero-tap terms accepted', () => {
    const zeroTap = (accepted?: boolean) => oneTap({ otp_type: 'ZERO_TAP', zero_tap_terms_accepted: accepted });
    expect(refusalOf([body, zeroTap(true)])).toBeNull();
    for (const accepted of [false, undefined])
      expect(detailOf([body, zeroTap(accepted)])).toContain('zero_tap_terms_accepted: true');
    expect(detailOf([body, otp({ otp_type: 'ZERO_TAP', zero_tap_terms_accepted: true })])).toContain(
      'needs supported_apps',
    );
  });
});

describe('the other categories', () => {
  const says: TemplateComponent = { type: 'BODY', text: 'Your order has been packed and will ship today.' };

  it('refuses an OTP button outside an authentication template', () => {
    for (const category of ['UTILITY', 'MARKETING'])
      expect(detailOf([says, otp()], category)).toBe('OTP buttons are only for AUTHENTICATION templates.');
  });

  it('still needs every other button’s text and a FOOTER’s text', () => {
    const untitled: TemplateComponent = { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY' }] };
    expect(detailOf([says, untitled], 'UTILITY')).toBe('A button text must be 1 to 25 characters.');
    expect(detailOf([says, footer(5)], 'UTILITY')).toBe('The footer is 1 to 60 characters of fixed text.');
    expect(refusalOf([says, { type: 'FOOTER', text: 'Thanks' }], 'UTILITY')).toBeNull();
  });
});
