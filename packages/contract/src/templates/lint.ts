import { formatDate } from '../format.js';
import { formatMoney } from '../money.js';
import type { TemplateLintContextResponse } from './calls.js';
import { TEMPLATE_NAME_REUSE_DAYS, templateLanguageName } from './constants.js';
import { paramCount } from './format.js';
import { marketingSignals, readsAsMarketing, templateReadText } from './marketing.js';
import { fixedWordCount } from './rules-body.js';
import type { NormalizedTemplate, TemplateField } from './types.js';

export { marketingSignals, readsAsMarketing } from './marketing.js';

/**
 * Ours, beyond the spec's rules: what Meta would refuse or change after the 13 rules
 * pass. Warnings only: the template can still be submitted. Each names Meta's error code.
 */

export type TemplateLintCode = '2388299' | '2388293' | '2388024' | 'NAME_RECENTLY_DELETED' | 'CATEGORY_DRIFT';
export type TemplateLintWarning = { code: TemplateLintCode; field: TemplateField; message: string };
export type TemplateLintContext = TemplateLintContextResponse & { now: Date; excludeDraftId?: string };

/** Meta's ratio (2388293) is stricter than rule 7's 2 x params + 1: we ask 3 fixed words per variable, plus one. */
export const LINT_WORDS_PER_PARAM = 3;

const DAY_MS = 86_400_000;

/** Leading and trailing whitespace and punctuation (and styling marks) do not shield a variable from Meta. */
const floatingParam = /^[\s\p{P}~]*\{\{\d+\}\}|\{\{\d+\}\}[\s\p{P}~]*$/u;

const floating = (t: NormalizedTemplate): TemplateLintWarning | null =>
  floatingParam.test(t.text)
    ? {
        code: '2388299',
        field: 'text',
        message:
          'Floating parameter (Meta error 2388299): a variable at the very start or end of the body is refused by Meta. Add words before or after it.',
      }
    : null;

const tooManyParams = (t: NormalizedTemplate): TemplateLintWarning | null => {
  const params = paramCount(t.text);
  const fixed = fixedWordCount(t.text);
  const needed = LINT_WORDS_PER_PARAM * params + 1;
  // Only past rule 7 (which the validator checks first): below it the template is refused, not warned.
  if (params === 0 || fixed < 2 * params + 1 || fixed >= needed) return null;
  return {
    code: '2388293',
    field: 'text',
    message: `Too many variables for the text (Meta error 2388293): ${fixed} words for ${params} variable${params === 1 ? '' : 's'}. Meta may refuse it; write at least ${needed} words besides the variables, or use fewer variables.`,
  };
};

const otherEntries = (ctx: TemplateLintContext, name: string) =>
  ctx.names.filter(
    (n) => n.name.toLowerCase() === name && (ctx.excludeDraftId === undefined || n.id !== ctx.excludeDraftId),
  );

const duplicate = (t: NormalizedTemplate, ctx: TemplateLintContext): TemplateLintWarning | null => {
  const taken = otherEntries(ctx, t.name).some(
    (n) => n.language === t.language && n.status !== 'DRAFT' && n.status !== 'DELETED' && n.deletedAt === null,
  );
  return taken
    ? {
        code: '2388024',
        field: 'name',
        message: `Duplicate name (Meta error 2388024): a template named ${t.name} already exists in ${templateLanguageName(t.language)}. Meta refuses a second one; choose another name or language.`,
      }
    : null;
};

/** Meta holds a deleted template's name, in every language, for 30 days (its error 2388023). */
const recentlyDeleted = (t: NormalizedTemplate, ctx: TemplateLintContext): TemplateLintWarning | null => {
  const now = ctx.now.getTime();
  const reusableFrom = otherEntries(ctx, t.name)
    .map((n) => (n.deletedAt === null ? NaN : Date.parse(n.deletedAt) + TEMPLATE_NAME_REUSE_DAYS * DAY_MS))
    .filter((until) => !Number.isNaN(until) && until > now)
    .sort((a, b) => b - a)[0];
  return reusableFrom === undefined
    ? null
    : {
        code: 'NAME_RECENTLY_DELETED',
        field: 'name',
        message: `Name recently deleted (Meta error 2388023): Meta keeps a deleted template's name for ${TEMPLATE_NAME_REUSE_DAYS} days, so ${t.name} can be used again from ${formatDate(reusableFrom)}. Choose another name.`,
      };
};

const categoryDrift = (t: NormalizedTemplate, ctx: TemplateLintContext): TemplateLintWarning | null => {
  if (!readsAsMarketing(t)) return null;
  const phrases = marketingSignals(templateReadText(t)).join(', ');
  const p = ctx.prices;
  const from = p?.[t.category];
  const to = p?.MARKETING;
  const price =
    p && from != null && to != null
      ? `, ${formatMoney(to, p.currency)} per conversation in ${p.country} instead of ${formatMoney(from, p.currency)}`
      : '';
  return {
    code: 'CATEGORY_DRIFT',
    field: 'category',
    message: `Reads as marketing (${phrases}): Meta may re-categorise it as MARKETING${price}.`,
  };
};

/** An authentication template's text is Meta's own: only its name can meet Meta's refusals. */
export const lintTemplate = (t: NormalizedTemplate, ctx: TemplateLintContext): TemplateLintWarning[] =>
  (t.authentication
    ? [duplicate(t, ctx), recentlyDeleted(t, ctx)]
    : [floating(t), tooManyParams(t), duplicate(t, ctx), recentlyDeleted(t, ctx), categoryDrift(t, ctx)]
  ).filter((w): w is TemplateLintWarning => w !== null);
