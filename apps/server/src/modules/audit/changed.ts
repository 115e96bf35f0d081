/** A value as JSON with object keys sorted: jsonb keeps keys in its own order, a request in the sender's. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );

/**
 * The top-level fields whose values differ between two versions of an object (deeply, whatever
 * the key order), with those fields as they were and as they are: an audit row's before and after.
 */
export const changedFields = <T extends Record<string, unknown>>(before: T, after: T) => {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => canonical(before[key]) !== canonical(after[key]),
  );
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
};
