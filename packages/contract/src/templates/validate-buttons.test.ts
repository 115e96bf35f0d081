import { describe, expect, it } from 'vitest';
import { templateMessages as m } from './messages.js';
import { cat, normalized, phone, replies, url, verdict } from './test-support.js';

const refused = (rule: number, message: string) => expect.objectContaining({ rule, message });

describe('rule 10: shopify_cod_order_confirmation', () => {
  const name = 'shopify_cod_order_confirmation';
  it('needs exactly two quick replies', () => {
    const message = 'Need two quick reply';
    expect(verdict({ name })).toEqual({ rule: 10, field: 'quick_replies', message });
    expect(verdict({ name, ...replies(['Confirm']) })).toEqual(refused(10, message));
    expect(verdict({ name, ...replies(['Confirm', 'Cancel', 'Call me']) })).toEqual(refused(10, message));
    expect(verdict({ name: 'Shopify_COD_Order_Confirmation', ...cat([url('https://x.com/a')]) })).toEqual(
      refused(10, message),
    );
    expect(verdict({ name, ...replies(['Confirm', 'Cancel']) })).toBe('ok');
    expect(verdict({ name: 'other', ...replies(['Confirm']) })).toBe('ok');
  });
});

describe('rule 11: quick replies', () => {
  it('needs at least one', () => {
    expect(verdict(replies([]))).toEqual({ rule: 11, field: 'quick_replies', message: 'Need atleast one quick reply' });
  });

  it('needs each non-empty and at most 25 characters', () => {
    const message = 'Quick replies must be non-empty & max 25 characters with spaces are allowed.';
    for (const reply of ['', '   ', 'r'.repeat(26)])
      expect(verdict(replies(['Yes', reply]))).toEqual(refused(11, message));
    expect(verdict(replies(['r'.repeat(25), 'Yes please']))).toBe('ok');
  });

  it('needs them unique and at most 3', () => {
    expect(verdict(replies(['Yes', ' Yes ']))).toEqual(refused(11, 'Each Quick Reply button must have unique text.'));
    expect(verdict(replies(['A', 'B', 'C', 'D']))).toEqual(refused(11, m.quickRepliesTooMany));
    expect(normalized(replies([' A ', 'B', 'C'])).quickReplies).toEqual(['A', 'B', 'C']);
  });

  it('clears the calls to action', () => {
    const t = normalized({ ...replies(['Yes']), call_to_action: [url('https://x.com')], sampleCTAUrl: 'x' });
    expect(t).toMatchObject({ actionType: 'QuickReplies', callToAction: [], sampleCTAUrl: '' });
  });
});

describe('rule 12: calls to action', () => {
  const invalid = refused(12, 'Call to action field invalid');

  it('allows at most two buttons, one of each type', () => {
    const three = [url('https://x.com/a', 'A'), phone('9876543210', '91', 'B'), url('https://x.com/c', 'C')];
    expect(verdict(cat(three))).toEqual({ rule: 12, field: 'call_to_action', message: m.ctaTooMany });
    expect(verdict(cat([url('https://x.com/a', 'A'), url('https://x.com/b', 'B')]))).toEqual(refused(12, m.ctaTooMany));
    expect(verdict(cat([phone('1', '', 'A'), phone('2', '', 'B')]))).toEqual(refused(12, m.ctaTooMany));
    expect(verdict(cat([url('https://x.com/a'), phone('9876543210', '91')]))).toBe('ok');
  });

  it('needs at least one', () => {
    expect(verdict(cat([]))).toEqual(refused(12, 'Need atleast one call to action button'));
  });

  it('needs unique titles of at most 25 characters', () => {
    expect(verdict(cat([url('https://x.com/a', 'Go'), phone('1', '', ' Go')]))).toEqual(
      refused(12, 'Each Call-To-Action button must have unique text.'),
    );
    expect(verdict(cat([url('https://x.com/a', 't'.repeat(26))]))).toEqual(invalid);
    expect(verdict(cat([url('https://x.com/a', ' ')]))).toEqual(invalid);
    expect(verdict(cat([url('https://x.com/a', 't'.repeat(25))]))).toBe('ok');
  });

  it('needs a valid type, a digits-only phone and an http(s) URL', () => {
    expect(verdict(cat([{ type: 'Email', buttonTitle: 'Mail', buttonValue: 'a@b.c' }]))).toEqual(invalid);
    for (const b of [phone('98765-43210'), phone('+919876543210'), phone(''), phone('9876543210', '+91')])
      expect(verdict(cat([b])), JSON.stringify(b)).toEqual(invalid);
    expect(verdict(cat([phone('1234567890123456')]))).toEqual(invalid);
    for (const value of ['not a url', 'ftp://x.com/a', 'x.com/a', 'https://x.com/a b'])
      expect(verdict(cat([url(value)])), value).toEqual(invalid);
  });

  it('joins then splits phone numbers into a prefix and 10 digits', () => {
    const [b] = normalized(cat([phone('919876543210', '')])).callToAction;
    expect(b).toEqual({ type: 'Phone Number', buttonTitle: 'Call us', extension: '91', buttonValue: '9876543210' });
    expect(normalized(cat([phone('19876543210', '9')])).callToAction[0]).toEqual(b);
    expect(normalized(cat([phone('12345')])).callToAction[0]).toMatchObject({ extension: '', buttonValue: '12345' });
    expect(normalized(cat([url('https://x.com/a')])).callToAction[0]).not.toHaveProperty('extension');
  });

  it('allows one URL parameter, {{1}}, at the end', () => {
    expect(verdict(cat([url('https://x.com/{{1}}/{{2}}')]))).toEqual(refused(12, 'Only one param allowed in CTA URL'));
    for (const value of [
      'https://x.com/{{2}}',
      'https://x.com/{{1}}/track',
      'https://{{1}}',
      'https://x.com{{1}}',
      'https://x.com/{a}',
    ])
      expect(verdict(cat([url(value)])), value).toEqual(refused(12, 'Invalid parameter in dynamic CTA URL'));
  });

  it('needs a matching sample URL with a parameter', () => {
    const dynamic = url('https://x.com/order/{{1}}');
    expect(verdict(cat([dynamic]))).toEqual({
      rule: 12,
      field: 'sampleCTAUrl',
      message: 'Sample CTA URL is necessery for URL type actions.',
    });
    expect(verdict(cat([dynamic], { sampleCTAUrl: 'x.com/order/1' }))).toEqual(refused(12, 'Invalid Sample CTA URL.'));
    for (const sampleCTAUrl of ['https://y.com/order/1', 'https://x.com/order/'])
      expect(verdict(cat([dynamic], { sampleCTAUrl }))).toEqual(
        refused(12, "Sample action URL doesn't match with template URL format"),
      );
    expect(normalized(cat([dynamic], { sampleCTAUrl: 'https://x.com/order/123' })).sampleCTAUrl).toBe(
      'https://x.com/order/123',
    );
    expect(normalized(cat([url('https://x.com/a')], { sampleCTAUrl: 'https://x.com/b' })).sampleCTAUrl).toBe('');
  });

  it('keeps click tracking only with a URL button', () => {
    expect(normalized(cat([url('https://x.com/a')], { isClickTrackingEnabled: true })).isClickTrackingEnabled).toBe(
      true,
    );
    expect(normalized(cat([phone('9876543210')], { isClickTrackingEnabled: true })).isClickTrackingEnabled).toBe(false);
  });

  it('treats an unknown action type as an invalid call to action', () => {
    expect(verdict({ message_action_type: 'Buttons' })).toEqual(invalid);
  });
});

describe('action type None', () => {
  it('clears buttons, the CTA sample and click tracking', () => {
    const t = normalized({
      call_to_action: [url('https://x.com/{{1}}')],
      quick_replies: ['Yes'],
      sampleCTAUrl: 'https://x.com/1',
      isClickTrackingEnabled: true,
    });
    expect(t).toMatchObject({ actionType: 'None', callToAction: [], quickReplies: [], sampleCTAUrl: '' });
    expect(t.isClickTrackingEnabled).toBe(false);
  });
});
