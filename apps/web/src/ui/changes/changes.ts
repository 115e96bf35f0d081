import { currencies, formatAmount, formatMoney, type Currency } from '@pc/contract';

/** One changed field of a log's entry (the super-admin's audit log, a partner's activity log), as people read it. */
export type Change = { field: string; before: string | null; after: string | null };

/** Fields that hold money (1/100000 of a currency): shown as amounts. */
const moneyFields = new Set([
  'centralBalance',
  'minAllowedBalance',
  'partnershipFee',
  'amount',
  'tax',
  'amountWithTax',
  'fee',
  'templateCredit',
  'partnerWhatsappCredit',
  'metaAdsCredit',
  'credit',
]);

const isCurrency = (key: string): key is Currency => (currencies as readonly string[]).includes(key);

/** A leaf as text: money as an amount (with its symbol under an INR or USD key), yes or no, nothing as an em dash. */
const show = (key: string, value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && Number.isInteger(value)) {
    if (isCurrency(key)) return formatMoney(value, key);
    if (moneyFields.has(key)) return formatAmount(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** Every leaf of a value by its path (`owner.email`, `steps[0].title`), as text. */
const leaves = (value: unknown, path = '', key = '', out = new Map<string, string>()) => {
  if (Array.isArray(value) && value.length > 0) value.forEach((v, i) => leaves(v, `${path}[${i}]`, key, out));
  else if (value && typeof value === 'object' && Object.keys(value).length > 0)
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, k, out);
  else if (path) out.set(path, show(key, value));
  return out;
};

/**
 * What an entry changed, field by field: the leaves of before and after that differ (a field
 * only after: added; only before: removed). A row without before (a creation) lists what was set.
 */
export const changesOf = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): Change[] => {
  const was = leaves(before ?? {});
  const is = leaves(after ?? {});
  const fields = [...new Set([...was.keys(), ...is.keys()])];
  return fields
    .filter((field) => was.get(field) !== is.get(field))
    .map((field) => ({ field, before: before ? (was.get(field) ?? null) : null, after: is.get(field) ?? null }));
};

/** A camelCase key in words ("maxAgents": "max agents"); codes (BASIC_MONTHLY, INR) and ids stay as written. */
const words = (segment: string) =>
  /^[a-z]+(?:[A-Z][a-z0-9]*)*$/.test(segment) ? segment.replace(/([A-Z])/g, ' $1').toLowerCase() : segment;

/** A field's path as people read it: "accessLevel.manage.read" reads "Access level › manage › read". */
export const fieldLabel = (field: string): string => {
  const label = field
    .split('.')
    .map((segment) => segment.replace(/^([^[]+)/, (name) => words(name)))
    .join(' › ');
  return label.charAt(0).toUpperCase() + label.slice(1);
};
