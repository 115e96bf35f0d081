import { isOtpUrl, readsAsMarketing, type TemplateComponent } from '@pc/contract';
import { contentOf, everythingSaid } from './content.js';

/**
 * The sandbox's template reviewer (ARCHITECTURE rules 8 and 15): what Meta decides a while after a
 * template is submitted, driven by what the template says so that every outcome can be reached
 * from the demo by writing it. The first rule that matches wins:
 *
 * 1. A link shortener anywhere (header, body, footer, buttons): bit.ly, tinyurl.com, goo.gl, t.co,
 *    ow.ly, is.gd, buff.ly, rebrand.ly, cutt.ly, shorturl.at, tiny.cc, rb.gy
 *    -> REJECTED, reason INVALID_FORMAT (with Meta's `rejection_info`).
 * 2. Scam wording: "lottery", "you have won", "you've won", "claim your prize", "guaranteed returns",
 *    "double your money", "jackpot" -> REJECTED, reason SCAM.
 * 3. Abusive wording: "idiot", "stupid", "moron", "loser", "shut up", "hate you"
 *    -> REJECTED, reason ABUSIVE_CONTENT.
 * 4. An AUTHENTICATION template with a media header (image, video, document, location) or a URL
 *    button of its own -> REJECTED, reason INCORRECT_CATEGORY. Its OTP button passes: Meta stores
 *    it as a URL button on WhatsApp's OTP address (read-back.ts), which is not a link of the
 *    business's. (The synchronous checks already refuse both for a new template; this rule judges
 *    what is stored.)
 * 5. A UTILITY or AUTHENTICATION template that reads as marketing (the contract's
 *    `readsAsMarketing`: offers, discounts, "shop now" and the like) -> APPROVED, then moved to
 *    MARKETING: the previous category is kept and Meta's `template_category_update` webhook follows
 *    the approval.
 * 6. Anything else -> APPROVED in the category it was submitted with.
 *
 * Words match whole and case-insensitively. The synchronous refusals (duplicate name, floating
 * parameter, too many parameters ...) happen earlier, when the template is created (checks.ts).
 */

export type RejectionReason = 'INVALID_FORMAT' | 'SCAM' | 'ABUSIVE_CONTENT' | 'INCORRECT_CATEGORY';

export type ReviewOutcome =
  | { status: 'APPROVED'; reason: 'NONE'; category: string; previousCategory: string | null }
  | {
      status: 'REJECTED';
      reason: RejectionReason;
      category: string;
      /** Meta explains INVALID_FORMAT rejections in the status webhook's `rejection_info`. */
      rejectionInfo?: { reason: string; recommendation: string };
    };

export const linkShorteners = [
  'bit.ly',
  'tinyurl.com',
  'goo.gl',
  't.co',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
] as const;
export const scamPhrases = [
  'lottery',
  'you have won',
  "you've won",
  'claim your prize',
  'guaranteed returns',
  'double your money',
  'jackpot',
] as const;
export const abusivePhrases = ['idiot', 'stupid', 'moron', 'loser', 'shut up', 'hate you'] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A host on its own: not the tail of a longer one ("at.co") nor the head of one ("t.com"). */
const shortener = new RegExp(`(?<![\\w.-])(?:www\\.)?(?:${linkShorteners.map(escape).join('|')})(?![\\w.-]*\\w)`, 'i');
const phrases = (list: readonly string[]) =>
  new RegExp(`(?<![\\w'])(?:${list.map((p) => escape(p).replace(/ /g, '\\s+')).join('|')})(?![\\w'])`, 'i');
const scam = phrases(scamPhrases);
const abusive = phrases(abusivePhrases);

export const reviewOutcome = (t: { category: string; components: readonly TemplateComponent[] }): ReviewOutcome => {
  const content = contentOf(t.components);
  const said = everythingSaid(content);
  const reject = (reason: RejectionReason, rejectionInfo?: { reason: string; recommendation: string }) =>
    ({ status: 'REJECTED', reason, category: t.category, ...(rejectionInfo ? { rejectionInfo } : {}) }) as const;

  if (shortener.test(said))
    return reject('INVALID_FORMAT', {
      reason: 'URL shorteners (for example, bit.ly, tinyurl, goo.gl) are not allowed.',
      recommendation: 'Use the full link of your own website instead of a shortened URL.',
    });
  if (scam.test(said)) return reject('SCAM');
  if (abusive.test(said)) return reject('ABUSIVE_CONTENT');
  if (
    t.category === 'AUTHENTICATION' &&
    ((content.headerFormat !== null && content.headerFormat !== 'TEXT') ||
      content.callToAction.some((b) => b.type === 'URL' && !isOtpUrl(b.buttonValue)))
  )
    return reject('INCORRECT_CATEGORY');
  const { category } = t;
  if ((category === 'UTILITY' || category === 'AUTHENTICATION') && readsAsMarketing({ ...content, category }))
    return { status: 'APPROVED', reason: 'NONE', category: 'MARKETING', previousCategory: category };
  return { status: 'APPROVED', reason: 'NONE', category: t.category, previousCategory: null };
};
