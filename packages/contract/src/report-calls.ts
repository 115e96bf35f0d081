import { z } from 'zod';
import { DateText } from './business-calls.js';
import { LedgerAction, ReasonCode, reasonCodes } from './ledger.js';

/**
 * The report calls (doc 1 section 7, doc 2 section 7.5, doc 3 section 7): each "returns logs, saved
 * as CSV in the browser". The answer is `{ logs: [...] }` (JSON); a caller that asks for CSV
 * (`Accept: text/csv`, as the console does) gets the same rows as a streamed CSV file instead.
 * Ranges start no earlier than 25 Apr 2023 and never end in the future.
 */
export { REPORT_CSV_ACCEPT, REPORT_MIN_DATE } from './report-constants.js';

export const ReportRequest = z.object({
  /** Missing: from the first day reports cover (REPORT_MIN_DATE); the file name then says Start. */
  startDate: DateText.nullish(),
  /** Missing: up to now; the file name then says End. */
  endDate: DateText.nullish(),
  /** Billing reports only: the reason codes to include (none = all); an unknown code is a 400. */
  selectedReasonCodes: z
    .array(z.enum(reasonCodes, { error: 'Unknown reason code.' }))
    .max(50)
    .optional(),
});
export type ReportRequest = z.infer<typeof ReportRequest>;

/** partner-billing-report?clientId= (one business) or ?assistantId= (one project); neither = the whole partner. */
export const BillingReportQuery = z.object({
  clientId: z.string().max(100).optional(),
  assistantId: z.string().max(100).optional(),
});
export const ProjectReportParams = z.object({ partnerId: z.string().max(100), projectId: z.string().max(100) });

/** Billing report columns (doc 1 section 3, doc 2 section 6). */
export const billingReportColumns = [
  'projectId',
  'projectName',
  'reasonCode',
  'amount',
  'action',
  'whatsappNumber',
  'businessContact',
  'email',
  'businessName',
  'message',
  'createdAt',
  // Ours, last so the spec's columns keep their places: the member who moved the money, if one did.
  'byName',
] as const;

/**
 * Conversation report columns: the spec says only "logs". One row per conversation (a 24-hour
 * window, docs/charging.md): its project and business, category and initiator (business | user),
 * the recipient and country, whether it was CHARGED, FREE or UNBILLED, which balance paid it
 * (TemplateCredit | CentralBalance, the analytics variants' words), the amount in currency units
 * and when it started.
 */
export const conversationReportColumns = [
  'projectId',
  'projectName',
  'whatsappNumber',
  'businessName',
  'conversationId',
  'category',
  'initiator',
  'recipient',
  'countryCode',
  'billingStatus',
  'chargedTo',
  'amount',
  'createdAt',
] as const;

/**
 * A billing report's log: the spec's columns. In JSON the amount is money units (1/100000 of the
 * currency, as every answer carries money) and nothing is formula-escaped (that is the CSV's
 * concern); the CSV writes the amount in currency units with two decimals.
 */
export const BillingReportLog = z.object({
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  reasonCode: ReasonCode,
  amount: z.number().int(),
  action: LedgerAction,
  whatsappNumber: z.string().nullable(),
  businessContact: z.string().nullable(),
  /** The business's email, its archive marker stripped. */
  email: z.string().nullable(),
  businessName: z.string().nullable(),
  message: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  /** The partner's member who moved the money; null for what the system wrote. */
  byName: z.string().nullable(),
});
export type BillingReportLog = z.infer<typeof BillingReportLog>;
export const BillingReportResponse = z.object({ logs: z.array(BillingReportLog) });
export type BillingReportResponse = z.infer<typeof BillingReportResponse>;

/** A conversation report's log: conversationReportColumns, the amount in money units. */
export const ConversationReportLog = z.object({
  projectId: z.string(),
  projectName: z.string(),
  whatsappNumber: z.string().nullable(),
  businessName: z.string().nullable(),
  conversationId: z.string(),
  category: z.enum(['marketing', 'utility', 'authentication', 'service']),
  initiator: z.enum(['business', 'user']),
  recipient: z.string(),
  countryCode: z.string(),
  /** FAILED: a charged message that failed undelivered and was refunded. */
  billingStatus: z.enum(['CHARGED', 'FREE', 'UNBILLED', 'FAILED']),
  /** Which balance paid it; null when nothing was charged. */
  chargedTo: z.enum(['TemplateCredit', 'CentralBalance']).nullable(),
  amount: z.number().int(),
  /** When it started: ISO 8601, UTC. */
  createdAt: z.string(),
});
export type ConversationReportLog = z.infer<typeof ConversationReportLog>;
export const ConversationReportResponse = z.object({ logs: z.array(ConversationReportLog) });
export type ConversationReportResponse = z.infer<typeof ConversationReportResponse>;

/** Business reports (doc 1 section 9); the partner-level reports of the Billings page use the same names. */
export const businessBillingReportName = (from: string, to: string) => `Business_Billing_Report_${from}_to_${to}.csv`;
export const businessConversationReportName = (from: string, to: string) =>
  `Business_Conversation_Report_${from}_to_${to}.csv`;

/** Project reports: dates as DD-MM-YYYY or the words Start and End (doc 2 section 7.5). */
const reportDate = (iso: string | undefined, word: string) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : word;
};
export const projectBillingReportName = (from?: string, to?: string) =>
  `Project_Billing_Report_${reportDate(from, 'Start')}_to_${reportDate(to, 'End')}.csv`;
export const projectConversationReportName = (from?: string, to?: string) =>
  `Project_Conversation_Report_${reportDate(from, 'Start')}_to_${reportDate(to, 'End')}.csv`;
