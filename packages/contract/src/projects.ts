import { z } from 'zod';
import { Currency } from './currency.js';

/** Project (assistant) statuses the platform uses (doc 2 section 3, super-admin list). */
export const projectStatuses = [
  'active',
  'unpaid',
  'terminated',
  'pending',
  'suspended',
  'stopped',
  'archived',
] as const;
export const ProjectStatus = z.enum(projectStatuses);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

/** The project as lists and cards show it (spec doc 1 section 3, "Project (assistant) as listed"). */
export const ProjectSummary = z.object({
  _id: z.string(),
  assistantName: z.string(),
  clientId: z.string(),
  businessName: z.string(),
  isWhatsappVerified: z.boolean(),
  activePlan: z.string(),
  status: z.string(),
  partnerArchived: z.boolean(),
  templateCredit: z.number().int(),
  currency: Currency,
  subscriptionScheduled: z.object({ planName: z.string() }).nullable(),
  planStoppedOn: z.string().nullable(),
  planActivatedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

type SubscriptionInputs = Pick<ProjectSummary, 'status' | 'subscriptionScheduled'>;

/** Stopped when stopped; Inactive when a subscription is scheduled; otherwise Active (doc 1 section 4). */
export const subscriptionStatus = (p: SubscriptionInputs): 'Stopped' | 'Inactive' | 'Active' =>
  p.status === 'stopped' ? 'Stopped' : p.subscriptionScheduled ? 'Inactive' : 'Active';

export const wabaStatus = (p: Pick<ProjectSummary, 'isWhatsappVerified'>): 'Live' | 'Not Live' =>
  p.isWhatsappVerified ? 'Live' : 'Not Live';

/** Starter for FREE_FOREVER; Basic, Pro or Enterprise by plan name; NA otherwise; "No plan yet" without one. */
export const planType = (activePlan: string | null | undefined): string => {
  if (!activePlan || activePlan === 'NONE') return 'No plan yet';
  if (activePlan === 'FREE_FOREVER') return 'Starter';
  const upper = activePlan.toUpperCase();
  if (upper.includes('BASIC')) return 'Basic';
  if (upper.includes('PRO')) return 'Pro';
  if (upper.includes('ENTERPRISE')) return 'Enterprise';
  return 'NA';
};

/** Account status of the project header: LIVE if verified, else DRAFT (doc 2 section 4). */
export const accountStatus = (isWhatsappVerified: boolean): 'LIVE' | 'DRAFT' => (isWhatsappVerified ? 'LIVE' : 'DRAFT');

export const metaAdsStatus = (adSetupDetails: { isSetupCompleted?: boolean } | null | undefined) =>
  !adSetupDetails ? 'NOT CONNECTED' : adSetupDetails.isSetupCompleted ? 'CONNECTED' : 'PARTIALLY SETUP';

/** Low or FLAGGED -> LOW; UNFLAGGED, Medium or RESTRICTED -> MEDIUM; anything else -> HIGH. */
export const qualityRatingDisplay = (rating: string | null | undefined): 'LOW' | 'MEDIUM' | 'HIGH' => {
  if (rating === 'Low' || rating === 'FLAGGED') return 'LOW';
  if (rating === 'UNFLAGGED' || rating === 'Medium' || rating === 'RESTRICTED') return 'MEDIUM';
  return 'HIGH';
};

export const kycButtonLabel = (bvbpProcess: number | null | undefined): string =>
  (({ 0: 'Apply', 1: 'Applied', 2: 'In process', 3: 'Approved' }) as Record<number, string>)[bvbpProcess ?? 0] ??
  'Status Unknown';
