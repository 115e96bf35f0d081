import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatShortDate,
  type Template,
  type TemplateQualityScore,
} from '@pc/contract';
import { templateTexts } from './texts';

/**
 * What Meta's template webhooks said beyond the status (Template.fromMeta), in words: the detail
 * page's notices, and the list's hints beside the status.
 */

const t = templateTexts.meta;

export type NoticeLine = { label?: string; text: string };
export type TemplateNotice = {
  id: string;
  severity: 'error' | 'warning' | 'info';
  title?: string;
  lines: NoticeLine[];
};

/** A pause's kind in words (Meta's other_info title); a title we do not know, as Meta wrote it. */
export const pauseKind = (title: string): string => {
  const key = title.trim().toUpperCase();
  if (Object.hasOwn(t.pauseKinds, key)) return t.pauseKinds[key]!;
  return title.trim() || t.paused;
};

/** Meta's quality rating in words and its colour. */
export const qualityOf = (
  score: TemplateQualityScore,
): { label: string; color: 'success' | 'warning' | 'error' | 'default' } => ({
  label: t.qualities[score],
  color: ({ GREEN: 'success', YELLOW: 'warning', RED: 'error', UNKNOWN: 'default' } as const)[score],
});

/** FLAGGED: still approved and sendable, but Meta received negative feedback. */
export const isAtRisk = (template: Template) => template.status === 'APPROVED' && template.fromMeta.flaggedAt !== null;

export const atRiskText = (template: Template) => t.atRiskText(formatDate(template.fromMeta.flaggedAt, ''));

/** "Meta will move this template to MARKETING on <date>: a conversation it opens in IN will cost ...". */
export const upcomingMoveText = (template: Template): string | null => {
  const move = template.fromMeta.upcomingCategory;
  if (!move) return null;
  const price = move.price;
  const cost = price
    ? t.upcomingPrice(price.country, formatMoney(price.to, price.currency), formatMoney(price.from, price.currency))
    : '';
  return `${t.upcoming(move.category, formatDateTime(move.at))}${cost}.`;
};

/** The list's short label of an announced move: "→ MARKETING on Mar 3". */
export const upcomingMoveChip = (template: Template): string | null => {
  const move = template.fromMeta.upcomingCategory;
  // The day is kept on one line when the label wraps (a phone's row).
  return move ? t.upcomingChip(move.category, formatShortDate(move.at).replace(/ /g, '\u00a0')) : null;
};

/** What the status chip's tooltip adds in the list: the pause's kind, the disable date, Meta's reason. */
export const statusHint = (template: Template): string | null => {
  const m = template.fromMeta;
  if (template.status === 'PAUSED' && m.pause) return pauseKind(m.pause.title);
  if (template.status === 'DISABLED') return t.disabled(formatDate(m.disabledAt, ''));
  if (template.status === 'REJECTED' && m.rejection) return m.rejection.reason;
  return null;
};

const stopNotice = (template: Template): TemplateNotice | null => {
  const m = template.fromMeta;
  const description = m.pause?.description.trim();
  if (template.status === 'PAUSED') {
    if (!m.pause) return null;
    const lines = [description, t.pausedText].filter((x): x is string => Boolean(x)).map((text) => ({ text }));
    return { id: 'pause-notice', severity: 'warning', title: pauseKind(m.pause.title), lines };
  }
  if (template.status !== 'DISABLED') return null;
  const kind = m.pause && m.pause.title.trim().toUpperCase() !== 'DISABLED' ? pauseKind(m.pause.title) : '';
  const lines = [kind, description, t.disabledText].filter((x): x is string => Boolean(x)).map((text) => ({ text }));
  return { id: 'disabled-notice', severity: 'error', title: t.disabled(formatDate(m.disabledAt, '')), lines };
};

/** The detail page's notices, the most pressing first; none when Meta said nothing more. */
export const templateNotices = (template: Template): TemplateNotice[] => {
  const m = template.fromMeta;
  const notices: (TemplateNotice | null)[] = [
    template.status === 'REJECTED' && m.rejection
      ? {
          id: 'rejection-notice',
          severity: 'error',
          title: t.rejectedTitle,
          lines: [
            { label: t.reason, text: m.rejection.reason },
            { label: t.recommendation, text: m.rejection.recommendation },
          ].filter((line) => line.text.trim() !== ''),
        }
      : null,
    stopNotice(template),
    isAtRisk(template)
      ? { id: 'at-risk-notice', severity: 'warning', title: t.atRisk, lines: [{ text: atRiskText(template) }] }
      : null,
    m.upcomingCategory
      ? { id: 'upcoming-category-notice', severity: 'warning', lines: [{ text: upcomingMoveText(template)! }] }
      : null,
    m.lockedAt
      ? {
          id: 'locked-notice',
          severity: 'info',
          title: t.locked,
          lines: [{ text: t.lockedSince(formatDate(m.lockedAt)) }],
        }
      : null,
  ];
  return notices.filter((n): n is TemplateNotice => n !== null);
};
