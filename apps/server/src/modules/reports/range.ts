import { REPORT_MIN_DATE, type ReportRequest } from '@pc/contract';
import { badRequest } from '../../platform/errors/app-error.js';

const DAY = 86_400_000;
/** The zones furthest ahead of UTC (UTC+14): a day starts up to 14 hours before midnight UTC. */
const ZONE_AHEAD = 14 * 3_600_000;
/** The first instant a report covers: 25 Apr 2023 where it starts first. */
const EARLIEST = Date.parse(`${REPORT_MIN_DATE}T00:00:00Z`) - ZONE_AHEAD;

const rangeTexts = {
  tooEarly: 'Reports start no earlier than 25 Apr 2023.',
  future: 'A report cannot end in the future.',
  reversed: 'The start date must not be after the end date.',
} as const;

/**
 * From 25 Apr 2023, not ending in the future, start not after end; a date-only end covers its day.
 * The console sends the user's calendar days as instants (00:00 local to the end of the day), so 25
 * Apr 2023 in a zone ahead of UTC starts on 24 Apr in UTC. A missing start is the first day reports
 * cover and a missing end is now (doc 2 section 7.5: a project's report may leave either unpicked).
 */
export const reportRange = (input: ReportRequest, now: Date) => {
  const from = input.startDate ? new Date(input.startDate) : new Date(EARLIEST);
  const to = input.endDate ? new Date(input.endDate) : now;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const endBefore =
    input.endDate && dateOnly.test(input.endDate) ? new Date(to.getTime() + DAY) : new Date(to.getTime() + 1);
  if (from.getTime() < EARLIEST) throw badRequest(rangeTexts.tooEarly);
  if (to.getTime() > now.getTime() + DAY) throw badRequest(rangeTexts.future);
  // Only an end was sent, and it is before reports begin: the range it asks for starts too early.
  if (from > to) throw badRequest(input.startDate ? rangeTexts.reversed : rangeTexts.tooEarly);
  return { from, endBefore };
};
