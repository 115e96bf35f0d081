import type { TemplateComponent } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { hasFloatingParameter, tooManyParameters } from './checks.js';
import { readBackOf } from './read-back.js';
import { reviewOutcome } from './review.js';
import type { SubmittedTemplate } from './templates.js';

const says = (text: string, extra: TemplateComponent[] = []): TemplateComponent[] => [{ type: 'BODY', text }, ...extra];
const decide = (category: string, components: TemplateComponent[]) => reviewOutcome({ category, components });

describe("the sandbox reviewer's rules", () => {
  it('rejects a link shortener wherever it is, but not a host that only looks like one', () => {
    expect(decide('UTILITY', says('Your receipt is at https://bit.ly/x1 for you.'))).toMatchObject({
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
      rejectionInfo: { reason: expect.stringContaining('URL shorteners') },
    });
    const button: TemplateComponent = {
      type: 'BUTTONS',
      buttons: [{ type: 'URL', text: 'Track', url: 'https://t.co/abc' }],
    };
    expect(decide('UTILITY', says('Your parcel is on its way to you.', [button])).reason).toBe('INVALID_FORMAT');
    for (const fine of [
      'Visit https://at.com/help for help.',
      'Mail us at help@chat.com today.',
      'See tinyurl.company.in',
    ])
      expect(decide('UTILITY', says(fine))).toMatchObject({ status: 'APPROVED' });
  });

  it('rejects scam and abusive wording, whole words only', () => {
    expect(decide('MARKETING', says("Great news, you've won a prize in our draw!")).reason).toBe('SCAM');
    expect(decide('MARKETING', says('Claim   your prize at the counter today.')).reason).toBe('SCAM');
    expect(decide('UTILITY', says('Please SHUT UP and pay.')).reason).toBe('ABUSIVE_CONTENT');
    expect(decide('UTILITY', says('Our stupidity-free plan is ready for you.')).status).toBe('APPROVED');
  });

  it('rejects an authentication template with a media header or a link of its own as INCORRECT_CATEGORY', () => {
    const image: TemplateComponent = { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h'] } };
    expect(decide('AUTHENTICATION', [image, ...says('Your code is {{1}} for login.')]).reason).toBe(
      'INCORRECT_CATEGORY',
    );
    const text: TemplateComponent = { type: 'HEADER', format: 'TEXT', text: 'Login code' };
    expect(decide('AUTHENTICATION', [text, ...says('Your code is {{1}} for login.')])).toMatchObject({
      status: 'APPROVED',
      category: 'AUTHENTICATION',
    });
    const link: TemplateComponent = {
      type: 'BUTTONS',
      buttons: [{ type: 'URL', text: 'Open app', url: 'https://example.com/login' }],
    };
    expect(decide('AUTHENTICATION', [...says('Your code is {{1}} for login.'), link]).reason).toBe(
      'INCORRECT_CATEGORY',
    );
  });

  it('passes the OTP button, which Meta stores as a URL button on its own address', () => {
    const created: SubmittedTemplate = {
      wabaId: 'waba-1',
      name: 'login_code',
      language: 'en_US',
      category: 'AUTHENTICATION',
      components: [
        { type: 'BODY', add_security_recommendation: true },
        { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', supported_apps: [] }] },
      ],
    };
    const stored = readBackOf(created);
    expect(stored[1]!.buttons![0]).toMatchObject({ type: 'URL', url: expect.stringContaining('otp_type=ONE_TAP') });
    for (const components of [stored, created.components])
      expect(decide('AUTHENTICATION', components)).toEqual({
        status: 'APPROVED',
        reason: 'NONE',
        category: 'AUTHENTICATION',
        previousCategory: null,
      });
  });

  it('approves promotional utility wording as MARKETING, and leaves MARKETING where it is', () => {
    expect(decide('UTILITY', says('Use coupon SAVE10 on your next order with us.'))).toEqual({
      status: 'APPROVED',
      reason: 'NONE',
      category: 'MARKETING',
      previousCategory: 'UTILITY',
    });
    expect(decide('MARKETING', says('Use coupon SAVE10 on your next order with us.'))).toEqual({
      status: 'APPROVED',
      reason: 'NONE',
      category: 'MARKETING',
      previousCategory: null,
    });
  });
});

describe("Meta's synchronous body checks", () => {
  it('finds a variable at either end, through spaces and punctuation', () => {
    expect(hasFloatingParameter('{{1}}, your order is ready.')).toBe(true);
    expect(hasFloatingParameter('Your order is ready, {{1}}.')).toBe(true);
    expect(hasFloatingParameter('Hi {{1}}, your order is ready.')).toBe(false);
  });

  it('refuses 4 variables in 13 words and takes them in 17 (as integrators measured)', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    expect(tooManyParameters(`Hi {{1}} {{2}} {{3}} {{4}} ${words(8)}`)).toBe(true);
    expect(tooManyParameters(`Hi {{1}} {{2}} {{3}} {{4}} ${words(12)}`)).toBe(false);
    expect(tooManyParameters('No variables here.')).toBe(false);
  });
});
