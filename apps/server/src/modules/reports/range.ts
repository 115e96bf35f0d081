import { REPORT_MIN_DATE, type ReportRequest } from '@pc/contract';
import { badRequest } from '../../platform/errors/app-error.js';

const DAY = 86_400_000;
/** The zones furthest ahead of UTC (UTC+14): a day starts up to 14 hours before midnight UTC. */
const ZONE_AHEAD = 14 * 3_600_000;

/**
 * From 25 Apr 2023, not ending in the future, start not after end; a date-only end covers its day.
 * The console sends the user's calendar days as instants (00:00 local to the end of the day), so 25
 * Apr 2023 in a zone ahead of UTC starts on 24 Apr in UTC.
 */
export const reportRange = (input: ReportRequest, now: Date) => {
  const from = new Date(input.startDate);
  const to = new Date(input.endDate);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const endBefore = dateOnly.test(input.endDate) ? new Date(to.getTime() + DAY) : new Date(to.getTime() + 1);
  if (from.getTime() < Date.parse(`${REPORT_MIN_DATE}T00:00:00Z`) - ZONE_AHEAD)
    throw badRequest('Reports start no earlier than 25 Apr 2023.');
  if (to.getTime() > now.getTime() + DAY) throw badRequest('A report cannot end in the future.');
  if (from > to) throw badRequest('The start date must not be after the end date.');
  return { from, endBefore };
};
