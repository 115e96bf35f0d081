import { formatDate, formatDateTime, type Template, type TemplateFromMeta } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import {
  isAtRisk,
  pauseKind,
  qualityOf,
  statusHint,
  templateNotices,
  upcomingMoveChip,
  upcomingMoveText,
} from './metaNotices';

const quiet: TemplateFromMeta = {
  rejection: null,
  pause: null,
  disabledAt: null,
  flaggedAt: null,
  lockedAt: null,
  qualityScore: null,
  upcomingCategory: null,
};

const template = (status: Template['status'], fromMeta: Partial<TemplateFromMeta> = {}): Template =>
  ({ status, category: 'UTILITY', fromMeta: { ...quiet, ...fromMeta } }) as Partial<Template> as Template;

const rejection = {
  reason:
    'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
  recommendation: 'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
};
const at = '2026-03-03T10:30:00.000Z';

describe('pauseKind', () => {
  it('words the pauses Meta names', () => {
    expect(pauseKind('FIRST_PAUSE')).toBe('Paused for 3 hours (first pause)');
    expect(pauseKind('SECOND_PAUSE')).toBe('Paused for 6 hours (second pause)');
    expect(pauseKind('RATE_LIMITING_PAUSE')).toBe('Paused by Meta’s rate limiting');
    expect(pauseKind('UNPAUSE')).toBe('Unpaused');
    expect(pauseKind('DISABLED')).toBe('Disabled after repeated pauses');
    expect(pauseKind(' first_pause ')).toBe('Paused for 3 hours (first pause)');
  });

  it('shows a title it does not know as Meta wrote it, and never an inherited name', () => {
    expect(pauseKind('THIRD_PAUSE')).toBe('THIRD_PAUSE');
    expect(pauseKind('constructor')).toBe('constructor');
    expect(pauseKind('  ')).toBe('Paused by Meta');
  });
});

describe('qualityOf', () => {
  it('reads Meta’s colours as high, medium, low and pending', () => {
    expect(qualityOf('GREEN')).toEqual({ label: 'High', color: 'success' });
    expect(qualityOf('YELLOW')).toEqual({ label: 'Medium', color: 'warning' });
    expect(qualityOf('RED')).toEqual({ label: 'Low', color: 'error' });
    expect(qualityOf('UNKNOWN')).toEqual({ label: 'Quality pending', color: 'default' });
  });
});

describe('isAtRisk', () => {
  it('is a flagged template that is still approved', () => {
    expect(isAtRisk(template('APPROVED', { flaggedAt: at }))).toBe(true);
    expect(isAtRisk(template('APPROVED'))).toBe(false);
    expect(isAtRisk(template('PAUSED', { flaggedAt: at }))).toBe(false);
  });
});

describe('upcoming category move', () => {
  const move = (price: NonNullable<TemplateFromMeta['upcomingCategory']>['price']) =>
    template('APPROVED', { upcomingCategory: { category: 'MARKETING', at, price } });

  it('says when, and what a conversation will cost instead', () => {
    const text = upcomingMoveText(move({ from: 13_000, to: 86_000, currency: 'INR', country: 'IN' }));
    expect(text).toBe(
      `Meta will move this template to MARKETING on ${formatDateTime(at)}: a conversation it opens in IN will cost ₹0.86 instead of ₹0.13.`,
    );
  });

  it('says when alone when the prices are not known', () => {
    expect(upcomingMoveText(move(null))).toBe(`Meta will move this template to MARKETING on ${formatDateTime(at)}.`);
    expect(upcomingMoveChip(move(null))).toMatch(/^→ MARKETING on Mar\u00a0\d$/);
  });

  it('is nothing when Meta announced no move', () => {
    expect(upcomingMoveText(template('APPROVED'))).toBeNull();
    expect(upcomingMoveChip(template('APPROVED'))).toBeNull();
  });
});

describe('statusHint', () => {
  it('names the pause, the disable date, or Meta’s reason', () => {
    expect(statusHint(template('PAUSED', { pause: { title: 'SECOND_PAUSE', description: 'x' } }))).toBe(
      'Paused for 6 hours (second pause)',
    );
    expect(statusHint(template('DISABLED', { disabledAt: at }))).toBe(`Disabled by Meta on ${formatDate(at)}`);
    expect(statusHint(template('REJECTED', { rejection }))).toBe(rejection.reason);
    expect(statusHint(template('REJECTED'))).toBeNull();
    expect(statusHint(template('APPROVED'))).toBeNull();
  });
});

describe('templateNotices', () => {
  it('is empty when Meta said nothing more, or only rated the quality', () => {
    expect(templateNotices(template('APPROVED'))).toEqual([]);
    expect(templateNotices(template('APPROVED', { qualityScore: 'GREEN' }))).toEqual([]);
  });

  it('gives a rejection’s reason and recommendation', () => {
    expect(templateNotices(template('REJECTED', { rejection }))).toEqual([
      {
        id: 'rejection-notice',
        severity: 'error',
        title: 'Meta rejected this template',
        lines: [
          { label: 'Reason', text: rejection.reason },
          { label: 'Recommendation', text: rejection.recommendation },
        ],
      },
    ]);
  });

  it('words a pause, with Meta’s description', () => {
    const description = 'Your WhatsApp message template has been paused because of low quality.';
    expect(templateNotices(template('PAUSED', { pause: { title: 'FIRST_PAUSE', description } }))).toEqual([
      {
        id: 'pause-notice',
        severity: 'warning',
        title: 'Paused for 3 hours (first pause)',
        lines: [{ text: description }, { text: 'Messages with this template are refused until the pause ends.' }],
      },
    ]);
  });

  it('dates a disabling, and keeps no pause notice once the template is approved again', () => {
    const pause = { title: 'DISABLED', description: 'Disabled due to user feedback.' };
    const [disabled] = templateNotices(template('DISABLED', { disabledAt: at, pause }));
    expect(disabled).toEqual({
      id: 'disabled-notice',
      severity: 'error',
      title: `Disabled by Meta on ${formatDate(at)}`,
      lines: [{ text: pause.description }, { text: 'It can no longer be sent.' }],
    });
    expect(templateNotices(template('APPROVED', { pause }))).toEqual([]);
  });

  it('warns of negative feedback, an announced move, and tells of a lock', () => {
    const notices = templateNotices(
      template('APPROVED', {
        flaggedAt: at,
        lockedAt: at,
        upcomingCategory: { category: 'MARKETING', at, price: null },
      }),
    );
    expect(notices.map((n) => n.id)).toEqual(['at-risk-notice', 'upcoming-category-notice', 'locked-notice']);
    expect(notices[0]!.lines[0]!.text).toBe(
      `Meta received negative feedback on this template (flagged on ${formatDate(at)}). It can still be sent, but Meta may pause or disable it.`,
    );
    expect(notices[2]).toMatchObject({ title: 'Locked by Meta: it cannot be edited', severity: 'info' });
  });

  it('does not call a flagged template at risk once Meta paused it', () => {
    const notices = templateNotices(
      template('PAUSED', { flaggedAt: at, pause: { title: 'FIRST_PAUSE', description: '' } }),
    );
    expect(notices.map((n) => n.id)).toEqual(['pause-notice']);
    expect(notices[0]!.lines).toEqual([{ text: 'Messages with this template are refused until the pause ends.' }]);
  });
});
