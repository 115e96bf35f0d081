import { z } from 'zod';
import type { MetaWord } from './meta-word.js';
import { contentOfComponentsUpdate, ComponentsUpdate, type ContentOfRow } from './meta-components-update.js';
import { MetaTemplateId } from './meta-template-id.js';

/**
 * Meta's template webhooks (WhatsApp Business Account object), each change's value read as Meta's
 * word on one template. The shapes are the webhooks reference's (docs/research/meta-templates.md
 * §4): message_template_status_update, template_category_update (a move made, or one announced),
 * message_template_quality_update and message_template_components_update.
 */

/** Unix seconds, which Meta writes as a number or (in its syntax blocks) a string. */
const UnixSeconds = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ])
  .transform((s) => new Date(s * 1000));
const text = (max: number) => z.string().max(max);

const StatusUpdate = z.object({
  event: z.string().min(1).max(100),
  message_template_id: MetaTemplateId,
  reason: z.string().max(2000).nullish(),
  message_template_category: z.string().max(100).optional(),
  rejection_info: z
    .object({ reason: text(2000), recommendation: text(2000) })
    .partial()
    .optional()
    .catch(undefined),
  other_info: z
    .object({ title: text(200), description: text(2000) })
    .partial()
    .optional()
    .catch(undefined),
  disable_info: z.object({ disable_date: UnixSeconds }).optional().catch(undefined),
});
const CategoryUpdate = z.object({
  message_template_id: MetaTemplateId,
  new_category: z.string().max(100),
  previous_category: z.string().max(100).nullish(),
  correct_category: z.string().max(100).optional(),
  category_update_timestamp: UnixSeconds.optional(),
});
const QualityUpdate = z.object({
  message_template_id: MetaTemplateId,
  new_quality_score: z.string().max(20),
});

type Said = { providerTemplateId: string; word: MetaWord } | null;

const statusWord = (value: unknown): Said => {
  const v = StatusUpdate.safeParse(value).data;
  if (!v) return null;
  const event = v.event.trim().toUpperCase();
  // A lock says nothing of the status, its reason or its category.
  if (event === 'LOCKED' || event === 'UNLOCKED')
    return { providerTemplateId: v.message_template_id, word: { source: 'status', status: event } };
  const rejection = v.rejection_info;
  const other = v.other_info;
  return {
    providerTemplateId: v.message_template_id,
    word: {
      source: 'status',
      status: v.event,
      reason: v.reason ?? 'NONE',
      category: v.message_template_category,
      rejectionInfo: rejection
        ? { reason: rejection.reason ?? '', recommendation: rejection.recommendation ?? '' }
        : null,
      otherInfo: other ? { title: other.title ?? '', description: other.description ?? '' } : null,
      disableDate: v.disable_info?.disable_date ?? null,
    },
  };
};

/**
 * A move made (previous_category and new_category) or announced: then new_category is the
 * *current* category and correct_category the one it moves to "in 24 hours".
 */
const categoryWord = (value: unknown): Said => {
  const v = CategoryUpdate.safeParse(value).data;
  if (!v) return null;
  if (v.correct_category && v.previous_category == null)
    return {
      providerTemplateId: v.message_template_id,
      word: {
        source: 'category',
        upcoming: {
          category: v.correct_category,
          at: v.category_update_timestamp ?? new Date(Date.now() + 86_400_000),
        },
      },
    };
  return {
    providerTemplateId: v.message_template_id,
    word: { source: 'category', category: v.new_category, previousCategory: v.previous_category ?? null },
  };
};

const qualityWord = (value: unknown): Said => {
  const v = QualityUpdate.safeParse(value).data;
  return v
    ? {
        providerTemplateId: v.message_template_id,
        word: { source: 'quality', qualityScore: v.new_quality_score.toUpperCase() },
      }
    : null;
};

/** A change of the body as Meta's word on one template; null for fields and shapes the console does not use. */
export const wordOfChange = (field: string, value: unknown): Said => {
  // Meta's Oct 2025 copy of the quality page printed the status field's name: its shape tells.
  if (QualityUpdate.safeParse(value).success && !(value as { event?: unknown }).event) return qualityWord(value);
  if (field === 'message_template_status_update') return statusWord(value);
  if (field === 'template_category_update') return categoryWord(value);
  return null;
};

/**
 * The components webhook needs the row (its samples, its kind): read after the row is locked.
 * Deliveries come in no set order, so an edit older than the content the row holds (its last
 * submission, or the last edit applied) is stale and skipped; `time` is the entry's, in seconds.
 */
export const componentsUpdateOf = (
  field: string,
  value: unknown,
  time: number | undefined,
  trustedMediaOrigins: readonly string[],
): { providerTemplateId: string; wordFor: (row: ContentOfRow & StampOfRow) => MetaWord | null } | null => {
  if (field !== 'message_template_components_update') return null;
  const v = ComponentsUpdate.safeParse(value).data;
  if (!v) return null;
  const editedAt = time === undefined ? null : new Date(time * 1000);
  return {
    providerTemplateId: v.message_template_id,
    wordFor: (row) => {
      // The entry's time is in whole seconds: an edit in the same second as the submission is not older.
      if (editedAt && row.submittedAt && editedAt.getTime() + 999 < row.submittedAt.getTime()) return null;
      const content = contentOfComponentsUpdate(v, row, trustedMediaOrigins);
      return { source: 'components', content: editedAt ? { ...content, submittedAt: editedAt } : content };
    },
  };
};

type StampOfRow = { submittedAt: Date | null };
