import type { NormalizedTemplate } from './types.js';

/**
 * A small detector of promotional wording. Meta re-categorises a UTILITY or AUTHENTICATION
 * template that promotes (and charges it as MARKETING); the dialog warns before that happens and
 * the sandbox Meta uses the same judgement to re-categorise approved templates.
 */

type Signal = { phrase: string; pattern: RegExp; strong: boolean };

const amount = String.raw`(?:₹|rs\.?|inr|\$|usd)\s?\d[\d,.]*`;
const signal = (phrase: string, pattern: string, strong = false): Signal => ({
  phrase,
  pattern: new RegExp(pattern, 'iu'),
  strong,
});

/** Strong signals are promotional on their own; the others need a second one. */
const signals: readonly Signal[] = [
  signal('% off', String.raw`\d\s*%\s*off\b`, true),
  signal('amount off', String.raw`${amount}\s*off\b`, true),
  signal('coupon', String.raw`\bcoupons?\b`, true),
  signal('promo code', String.raw`\bpromo(?:tion(?:al)?)?\s*codes?\b`, true),
  signal('cashback', String.raw`\bcash\s?-?backs?\b`, true),
  signal('free gift', String.raw`\bfree\s+gifts?\b`, true),
  signal('offer', String.raw`\boffers?\b`),
  signal('discount', String.raw`\bdiscount(?:s|ed)?\b`),
  signal('sale', String.raw`\bsale\b`),
  signal('buy now', String.raw`\bbuy\s+now\b`),
  signal('shop now', String.raw`\bshop\s+now\b`),
  signal('order now', String.raw`\border\s+now\b`),
  signal('limited time', String.raw`\blimited[\s-]+(?:time|period)\b`),
  signal('hurry', String.raw`\bhurry\b`),
  signal('deal', String.raw`\bdeals?\b`),
  signal('exclusive', String.raw`\bexclusive(?:ly)?\b`),
  signal('new arrivals', String.raw`\bnew\s+arrivals?\b`),
  signal('upgrade now', String.raw`\bupgrade\s+now\b`),
  signal('last chance', String.raw`\blast\s+chance\b`),
  signal("don't miss", String.raw`\bdon['’]?t\s+miss\b`),
  signal('free shipping', String.raw`\bfree\s+(?:shipping|delivery)\b`),
  signal('save', String.raw`\bsave\s+(?:up\s?to\s+)?(?:${amount}|\d+\s*%)`),
];

/** The promotional phrases the text contains, each once, in the detector's order. */
export const marketingSignals = (text: string): string[] =>
  signals.filter((s) => s.pattern.test(text)).map((s) => s.phrase);

const isStrong = (phrase: string) => signals.some((s) => s.phrase === phrase && s.strong);

/** Everything the recipient reads: body, header, footer and button texts. */
export const templateReadText = (
  t: Pick<NormalizedTemplate, 'text' | 'headerText' | 'footerText' | 'quickReplies' | 'callToAction'>,
): string =>
  [t.headerText, t.text, t.footerText, ...t.quickReplies, ...t.callToAction.map((b) => b.buttonTitle)].join('\n');

/**
 * Whether Meta would re-categorise this template as MARKETING: a non-MARKETING template whose text
 * has two distinct promotional phrases, or one strong one ('% off', 'coupon'...). Always false for
 * a MARKETING template, which has nowhere to move.
 */
export const readsAsMarketing = (
  t: Pick<NormalizedTemplate, 'category' | 'text' | 'headerText' | 'footerText' | 'quickReplies' | 'callToAction'>,
): boolean => {
  if (t.category === 'MARKETING') return false;
  const found = marketingSignals(templateReadText(t));
  return found.length >= 2 || found.some(isStrong);
};
