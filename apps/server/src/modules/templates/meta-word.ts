import { TemplateCategory } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import type { NewTemplateRow, TemplateRow } from './queries.js';
import { enqueueRecategorisedMail, updateTemplate } from './sync-queries.js';
import { notifyTemplateChange } from '../notifications/events.js';

/**
 * What Meta says about a template (its template webhooks, or its list read by a sync) applied to
 * the console's row. Applying the same word twice changes nothing more, so Meta's retried
 * deliveries are harmless.
 */

/** Meta's statuses as the console keeps them: its word, but the events that mean "approved again" or "going away". */
export const statusFromMeta = (status: string): string => {
  const s = status.trim().toUpperCase();
  // FLAGGED warns of falling quality on an approved template, which can still be sent; REINSTATED undoes a pause.
  if (s === 'FLAGGED' || s === 'REINSTATED') return 'APPROVED';
  if (s === 'PENDING_DELETION') return 'DELETED';
  return s;
};

/**
 * The status after one of Meta's events. LOCKED (and its undoing) is no status: the template keeps
 * its own and cannot be edited. UNARCHIVED "restored to its previous status": Meta archives
 * templates unused for 12 months, which were approved ones, so an archived one comes back APPROVED.
 */
const statusAfter = (current: string, event: string): string => {
  const s = event.trim().toUpperCase();
  if (s === 'LOCKED' || s === 'UNLOCKED') return current;
  if (s === 'UNARCHIVED') return current === 'ARCHIVED' ? 'APPROVED' : current;
  return statusFromMeta(s);
};

/** Meta writes NONE when there is no reason; the console's column is empty then ('Unmarked'). */
export const reasonFromMeta = (reason: string | null | undefined): string =>
  !reason || reason.trim().toUpperCase() === 'NONE' ? '' : reason.trim();

export type MetaWord = {
  /**
   * list: Meta's current state (a sync); status, category, quality, components: that webhook.
   */
  source: 'list' | 'status' | 'category' | 'quality' | 'components';
  status?: string;
  reason?: string | null;
  category?: string;
  /** The category webhook's previous_category. */
  previousCategory?: string | null;
  /** The status webhook's rejection_info, other_info and disable_info. */
  rejectionInfo?: { reason: string; recommendation: string } | null;
  otherInfo?: { title: string; description: string } | null;
  disableDate?: Date | null;
  /** The category webhook's notice of a move to come: correct_category at category_update_timestamp. */
  upcoming?: { category: string; at: Date };
  qualityScore?: string;
  /** The components webhook's texts, as the row's columns. */
  content?: Partial<NewTemplateRow>;
};

export type TemplateChange = { values: Partial<NewTemplateRow>; recategorisedTo: TemplateCategory | null };

const categoryOf = (v: unknown) => TemplateCategory.safeParse(v).data;

/** The category part of Meta's word: a move (previous category kept, the partner told) or a plain update. */
const categoryChange = (row: TemplateRow, word: MetaWord, status: string, now: Date): TemplateChange => {
  const to = categoryOf(word.category);
  const none: TemplateChange = { values: {}, recategorisedTo: null };
  if (!to || to === row.category) return none;
  // A status webhook names the category the template was approved in; Meta's move may have been
  // delivered before it (deliveries come in no set order): the move stands.
  if (word.source === 'status' && to === row.previousCategory) return none;
  const from = categoryOf(word.previousCategory) ?? categoryOf(row.category);
  const moved = from !== undefined && (word.source === 'category' || status === 'APPROVED');
  if (!moved) return { values: { category: to }, recategorisedTo: null };
  return { values: { category: to, previousCategory: from, categoryChangedAt: now }, recategorisedTo: to };
};

/**
 * What a status event says beside the status: a rejection's reason and recommendation, a pause's
 * kind, the disable date, a flag, a lock. Each holds while the status it came with holds.
 */
const noticesOf = (row: TemplateRow, word: MetaWord, status: string, now: Date): Partial<NewTemplateRow> => {
  if (word.source !== 'status' || word.status === undefined) return {};
  const event = word.status.trim().toUpperCase();
  if (event === 'LOCKED') return { lockedAt: row.lockedAt ?? now };
  if (event === 'UNLOCKED') return { lockedAt: null };
  const stopped = status === 'PAUSED' || status === 'DISABLED';
  return {
    rejectionInfo: status === 'REJECTED' ? (word.rejectionInfo ?? null) : null,
    pauseInfo: stopped ? (word.otherInfo ?? row.pauseInfo) : null,
    disabledAt: status === 'DISABLED' ? (word.disableDate ?? row.disabledAt ?? now) : null,
    flaggedAt: event === 'FLAGGED' ? (row.flaggedAt ?? now) : null,
  };
};

/** A move Meta announced is kept until it is made (or another move is made). */
const upcomingOf = (row: TemplateRow, word: MetaWord, category: string): Partial<NewTemplateRow> => {
  if (word.upcoming) {
    const to = categoryOf(word.upcoming.category);
    return to && to !== category ? { upcomingCategory: to, upcomingCategoryAt: word.upcoming.at } : {};
  }
  return row.upcomingCategory && category !== row.category ? { upcomingCategory: null, upcomingCategoryAt: null } : {};
};

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The values that differ from the row's. */
const differing = (row: TemplateRow, values: Partial<NewTemplateRow>): Partial<NewTemplateRow> =>
  Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && !same(row[k as keyof TemplateRow], v)),
  ) as Partial<NewTemplateRow>;

/** What the row becomes by Meta's word; null when it already is so. */
export const changeOf = (row: TemplateRow, word: MetaWord, now: Date): TemplateChange | null => {
  const status = word.status === undefined ? row.status : statusAfter(row.status, word.status);
  const category = categoryChange(row, word, status, now);
  const values = differing(row, {
    ...(status !== '' ? { status } : {}),
    ...(status === 'DELETED' && !row.deletedAt ? { deletedAt: now } : {}),
    ...(word.reason !== undefined ? { rejectedReason: reasonFromMeta(word.reason) } : {}),
    ...noticesOf(row, word, status, now),
    ...(word.qualityScore !== undefined ? { qualityScore: word.qualityScore } : {}),
    ...(word.content ?? {}),
    ...category.values,
    ...upcomingOf(row, word, category.values.category ?? row.category),
  });
  if (Object.keys(values).length === 0) return null;
  return { values: { ...values, updatedAt: now }, recategorisedTo: category.recategorisedTo };
};

/**
 * Applies Meta's word to a locked row in the caller's transaction, with the partner's mail about a
 * re-categorisation enqueued in it (ARCHITECTURE rule 13). Answers whether the row changed.
 */
export const applyMetaWord = async (
  tx: DbOrTx,
  row: TemplateRow,
  word: MetaWord,
  now: Date,
  extra: Partial<NewTemplateRow> = {},
): Promise<boolean> => {
  const change = changeOf(row, word, now);
  const changedExtra = Object.entries(extra).some(([k, v]) => row[k as keyof TemplateRow] !== v);
  if (!change && !changedExtra) return false;
  await updateTemplate(tx, row, { ...extra, ...change?.values, updatedAt: now });
  if (change?.recategorisedTo) await enqueueRecategorisedMail(tx, row, change.recategorisedTo, now);
  await notifyTemplateChange(tx, row, change?.values, change?.recategorisedTo, now);
  return true;
};
