import { localToday } from '../../ui/localDay';

export type DateRange = { from: string; to: string };

/** An incomplete range, or one ending in the future, is cleared (doc 1 section 5). */
export const completeRange = (range: DateRange, max = localToday()): DateRange =>
  range.from && range.to && range.from <= range.to && range.to <= max ? range : { from: '', to: '' };
