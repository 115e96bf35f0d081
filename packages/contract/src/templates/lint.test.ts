import { describe, expect, it } from 'vitest';
import type { TemplateLintContextResponse } from './calls.js';
import { templateMessages as m } from './messages.js';
import { lintTemplate, marketingSignals, readsAsMarketing, type TemplateLintContext } from './lint.js';
import { inputFromTemplate } from './stored.js';
import { normalized } from './test-support.js';
import { validateTemplate } from './validate.js';

const now = new Date('2026-03-31T12:00:00Z');
const ctx = (over: Partial<TemplateLintContextResponse> = {}, excludeDraftId?: string): TemplateLintContext => ({
  names: [],
  prices: { country: 'IN', currency: 'INR', MARKETING: 86_000, UTILITY: 13_000, AUTHENTICATION: 13_000 },
  now,
  ...(excludeDraftId === undefined ? {} : { excludeDraftId }),
  ...over,
});
const codes = (t = normalized(), c = ctx()) => lintTemplate(t, c).map((w) => w.code);
const body = (text: string, templateParams: string[] = []) => normalized({ text, templateParams });

describe('floating parameter (2388299)', () => {
  it('warns of a variable at the very start or end, past whitespace and punctuation', () => {
    for (const text of [
      '{{1}} your order has shipped today',
      '  *{{1}}* your order has shipped today',
      'Your order has shipped today {{1}}',
      'Your order has shipped today, {{1}}.',
      'Your order has shipped today {{1}} !\n',
    ]) {
      const [w] = lintTemplate(body(text, ['A']), ctx());
      expect(w, text).toMatchObject({ code: '2388299', field: 'text' });
      expect(w?.message).toContain('Floating');
      expect(w?.message).toContain('2388299');
    }
  });

  it('is quiet with words on both sides', () => {
    expect(codes(body('Hi {{1}}, your order has shipped today.', ['A']))).toEqual([]);
    expect(codes(body('Your order {{1}} has shipped today. Thanks', ['A']))).toEqual([]);
  });
});

describe('too many variables (2388293)', () => {
  it('warns past rule 7 when there are fewer than 3 words per variable, plus one', () => {
    // 3 fixed words, 1 variable: rule 7 (2 x 1 + 1) passes, Meta's ratio (3 x 1 + 1) does not.
    const t = body('Hello dear {{1}} friend', ['A']);
    const w = lintTemplate(t, ctx()).find((x) => x.code === '2388293');
    expect(w).toMatchObject({ field: 'text' });
    expect(w?.message).toContain('2388293');
    expect(codes(body('Dear {{1}} and {{2}}, your order shipped', ['A', 'B']))).toContain('2388293');
  });

  it('is quiet with enough words, and never fires where rule 7 refuses', () => {
    expect(codes(body('Hello dear {{1}} friend, welcome', ['A']))).not.toContain('2388293');
    expect(codes(body('No variables at all'))).not.toContain('2388293');
    // 2 fixed words for 1 variable is rule 7's refusal; were such a template linted, this stays quiet.
    expect(validateTemplate({ ...inputFromTemplate(normalized()), text: 'Hello {{1}} friend' }).ok).toBe(false);
    expect(codes({ ...normalized(), text: 'Hello {{1}} friend', templateParams: ['A'] })).toEqual([]);
  });
});

describe('duplicate name (2388024)', () => {
  const entry = (
    status: 'APPROVED' | 'DRAFT' | 'DELETED' | 'REJECTED',
    language = 'en',
    deletedAt: string | null = null,
  ) => ({
    id: `id_${status}`,
    name: 'order_update',
    language,
    status,
    deletedAt,
  });

  it('warns of a live template of the same name and language', () => {
    const [w] = lintTemplate(normalized(), ctx({ names: [entry('APPROVED')] }));
    expect(w).toMatchObject({ code: '2388024', field: 'name' });
    expect(w?.message).toContain('2388024');
    expect(w?.message).toContain('English');
    expect(codes(normalized(), ctx({ names: [entry('REJECTED')] }))).toEqual(['2388024']);
  });

  it('ignores drafts, deleted ones, other languages, other names and the draft being submitted', () => {
    expect(codes(normalized(), ctx({ names: [entry('DRAFT'), entry('APPROVED', 'en_US')] }))).toEqual([]);
    expect(codes(normalized(), ctx({ names: [{ ...entry('APPROVED'), name: 'other' }] }))).toEqual([]);
    expect(codes(normalized(), ctx({ names: [entry('APPROVED')] }, 'id_APPROVED'))).toEqual([]);
    expect(codes(normalized(), ctx({ names: [entry('DELETED', 'en', '2025-01-01T00:00:00Z')] }))).toEqual([]);
  });

  it('warns of a name deleted less than 30 days ago, in any language', () => {
    const deleted = entry('DELETED', 'fr', '2026-03-10T12:00:00Z');
    const [w] = lintTemplate(normalized(), ctx({ names: [deleted] }));
    expect(w).toMatchObject({ code: 'NAME_RECENTLY_DELETED', field: 'name' });
    expect(w?.message).toContain('April 9, 2026');
    expect(codes(normalized(), ctx({ names: [{ ...deleted, deletedAt: '2026-03-01T11:00:00Z' }] }))).toEqual([]);
    expect(codes(normalized(), ctx({ names: [{ ...deleted, deletedAt: null }] }))).toEqual([]);
  });
});

describe('category drift', () => {
  const promo = 'Hi {{1}}, get 20% off on new arrivals with coupon SAVE20 at checkout today';

  it('finds promotional phrases', () => {
    expect(marketingSignals(promo)).toEqual(['% off', 'coupon', 'new arrivals']);
    expect(marketingSignals('Flat ₹100 off, hurry! Limited-time DEALS')).toEqual([
      'amount off',
      'limited time',
      'hurry',
      'deal',
    ]);
    expect(marketingSignals('Your order is on its way, track it in the app')).toEqual([]);
    expect(marketingSignals('Our sales team will call; this is an ideal wholesale dealer')).toEqual([]);
  });

  it('reads as marketing with two phrases or one strong one, outside MARKETING', () => {
    const t = (text: string, category = 'UTILITY') => normalized({ text, templateParams: [], category });
    expect(readsAsMarketing(t('Use this coupon at the store next time'))).toBe(true);
    expect(readsAsMarketing(t('Exclusive sale for members starts this week'))).toBe(true);
    expect(readsAsMarketing(t('An exclusive update about your account'))).toBe(false);
    expect(readsAsMarketing(t('Use this coupon at the store next time', 'MARKETING'))).toBe(false);
    expect(readsAsMarketing({ ...t('Your order shipped'), quickReplies: ['Shop now'], footerText: 'Hurry' })).toBe(
      true,
    );
  });

  it('warns a UTILITY template with the price at MARKETING', () => {
    const t = normalized({ text: promo, templateParams: ['Asha'] });
    const w = lintTemplate(t, ctx()).find((x) => x.code === 'CATEGORY_DRIFT');
    expect(w).toEqual({
      code: 'CATEGORY_DRIFT',
      field: 'category',
      message:
        'Reads as marketing (% off, coupon, new arrivals): Meta may re-categorise it as MARKETING, ₹0.86 per conversation in IN instead of ₹0.13.',
    });
    expect(lintTemplate(t, ctx({ prices: null })).find((x) => x.code === 'CATEGORY_DRIFT')?.message).toBe(
      'Reads as marketing (% off, coupon, new arrivals): Meta may re-categorise it as MARKETING.',
    );
  });

  it('is quiet for MARKETING templates and plain utility text', () => {
    expect(codes(normalized({ text: promo, templateParams: ['A'], category: 'MARKETING' }))).toEqual([]);
    expect(codes(normalized())).toEqual([]);
  });
});

describe('a clean template', () => {
  it('has no warnings', () => {
    expect(lintTemplate(normalized(), ctx())).toEqual([]);
    expect(m.floatingHelp).toBe('How to fix floating parameter issue?');
  });
});
