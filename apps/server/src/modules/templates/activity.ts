import type { TemplateRow } from './queries.js';

/**
 * A template as the partner's activity log names it: its name and language, the pair Meta knows it
 * by (a draft may have neither yet).
 */
export const templateTarget = (row: Pick<TemplateRow, 'id' | 'name' | 'language'>) => ({
  kind: 'template' as const,
  id: row.id,
  name: row.name ? (row.language ? `${row.name} (${row.language})` : row.name) : 'Untitled draft',
});

/** What an entry keeps of a template it created or removed: what the list shows of it. */
export const templateSummary = (row: Pick<TemplateRow, 'name' | 'label' | 'language' | 'category' | 'status'>) => ({
  name: row.name,
  label: row.label,
  language: row.language,
  category: row.category,
  status: row.status,
});

/** The row's values of the fields a change sets: the before that `changedFields` compares with. */
export const valuesOf = <K extends keyof TemplateRow>(row: TemplateRow, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<TemplateRow, K>;
