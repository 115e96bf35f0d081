import type { ProjectSummary } from '@pc/contract';
import type { projects } from '../../platform/db/schema.js';

type SummaryRow = Pick<
  typeof projects.$inferSelect,
  | 'id'
  | 'name'
  | 'businessId'
  | 'isWhatsappVerified'
  | 'activePlan'
  | 'status'
  | 'partnerArchived'
  | 'templateCredit'
  | 'currency'
  | 'subscriptionScheduled'
  | 'planStoppedOn'
  | 'planActivatedOn'
  | 'createdAt'
>;

/** The project as lists and cards show it ("Project (assistant) as listed"), the one mapping for every list. */
export const toProjectSummary = (row: SummaryRow, businessName: string): ProjectSummary => ({
  _id: row.id,
  assistantName: row.name,
  clientId: row.businessId,
  businessName,
  isWhatsappVerified: row.isWhatsappVerified,
  activePlan: row.activePlan,
  status: row.status,
  partnerArchived: row.partnerArchived,
  templateCredit: row.templateCredit,
  currency: row.currency,
  subscriptionScheduled: row.subscriptionScheduled ?? null,
  planStoppedOn: row.planStoppedOn?.toISOString() ?? null,
  planActivatedOn: row.planActivatedOn?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
