import { Readable } from 'node:stream';
import {
  formatAmount,
  planType,
  projectsReportColumns,
  stripArchiveMarker,
  subscriptionStatus,
  wabaStatus,
  type ProjectsReportRequest,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { csvLine } from '../../platform/csv/csv.js';
import { notFound } from '../../platform/errors/app-error.js';
import { filterConditions, searchOf, tabCondition, type ListScope } from './filters.js';
import { businessExists, reportBatches } from './queries.js';

type ReportRow = Parameters<typeof reportLine>[0];

export { csvCell } from '../../platform/csv/csv.js';

/** One project as the columns of projectsReportColumns say, in that order. */
const reportLine = (row: {
  id: string;
  name: string;
  businessName: string;
  businessEmail: string;
  isWhatsappVerified: boolean;
  whatsappNumber: string | null;
  activePlan: string;
  status: string;
  subscriptionScheduled: { planName: string } | null;
  templateCredit: number;
  currency: 'INR' | 'USD';
  planActivatedOn: Date | null;
  createdAt: Date;
}) =>
  csvLine([
    row.id,
    row.name,
    row.businessName,
    stripArchiveMarker(row.businessEmail),
    wabaStatus(row),
    row.whatsappNumber,
    row.activePlan,
    planType(row.activePlan),
    subscriptionStatus({ status: row.status, subscriptionScheduled: row.subscriptionScheduled ?? null }),
    row.status,
    formatAmount(row.templateCredit).replaceAll(',', ''),
    row.currency,
    row.planActivatedOn?.toISOString() ?? '',
    row.createdAt.toISOString(),
  ]);

/**
 * projects.csv of the list's filter and tab, streamed in batches: memory stays flat however many
 * projects the partner has. Unknown or foreign business ids are refused before the first byte.
 */
export const projectsReport = async (
  deps: Deps,
  scope: ListScope,
  request: ProjectsReportRequest,
): Promise<Readable> => {
  if (request.businessId && !(await businessExists(deps.db, scope.partnerId, request.businessId))) throw notFound();
  const where = [...filterConditions(scope, request, await searchOf(deps.db, request)), tabCondition(request.filter)];
  const sort = request.sort ?? 'dec';
  async function* lines() {
    yield csvLine([...projectsReportColumns]);
    for await (const batch of reportBatches(deps.db, where, sort))
      yield batch.map((row: ReportRow) => reportLine(row)).join('');
  }
  return Readable.from(lines());
};
