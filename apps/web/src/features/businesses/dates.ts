/** Today as YYYY-MM-DD in the user's calendar (the latest date a filter may pick). */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export type DateRange = { from: string; to: string };

/** An incomplete range, or one ending in the future, is cleared (doc 1 section 5). */
export const completeRange = (range: DateRange, max = today()): DateRange =>
  range.from && range.to && range.from <= range.to && range.to <= max ? range : { from: '', to: '' };
