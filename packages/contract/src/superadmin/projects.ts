import { z } from 'zod';
import { PROJECTS_PAGE_SIZE } from '../constants.js';
import { Currency } from '../currency.js';
import { PartnerType } from '../partner.js';
import { ProjectStatus, projectStatuses } from '../projects.js';

/**
 * The super-admin's project list across every partner (doc 2 section 2.2): POST
 * /superadmin/project-lists. Pages of 15 like the partner's list, newest first, filtered by
 * partner and status, searched by project name or WhatsApp number.
 */
export const SuperadminProjectListRequest = z.object({
  skip: z.number().int().min(0).max(10_000_000).default(0),
  rowsPerPage: z.number().int().min(1).max(100).default(PROJECTS_PAGE_SIZE),
  partnerId: z.string().trim().min(1).max(64).optional(),
  status: ProjectStatus.optional(),
  /** Words of the project's name, or digits of its WhatsApp number. */
  search: z.string().max(200).optional(),
});
export type SuperadminProjectListRequest = z.input<typeof SuperadminProjectListRequest>;
export type SuperadminProjectListQuery = z.output<typeof SuperadminProjectListRequest>;

/** One row: every column of doc 2 section 2.2, the project's and its partner's names. */
export const SuperadminProjectRow = z.object({
  _id: z.string(),
  assistantName: z.string(),
  partnerId: z.string(),
  partnerName: z.string(),
  clientId: z.string(),
  /** The client name column: the project's business. */
  businessName: z.string(),
  whatsappNumber: z.string().nullable(),
  /** Business manager id. */
  fbBusinessId: z.string().nullable(),
  /** Channel id. */
  wabaNumberId: z.string().nullable(),
  whatsAppDisplayName: z.string().nullable(),
  /** Live date: when the channel went live. */
  channelActivatedOn: z.string().nullable(),
  planActivatedOn: z.string().nullable(),
  planRenewalOn: z.string().nullable(),
  planStoppedOn: z.string().nullable(),
  disabledOn: z.string().nullable(),
  /** Manager status: whether the business manager is verified. */
  fbManagerVerified: z.boolean(),
  displayNameStatus: z.string().nullable(),
  qualityRating: z.string().nullable(),
  macQuota: z.number().int().nullable(),
  macUsage: z.number().int(),
  templateCredit: z.number().int(),
  currency: Currency,
  createdAt: z.string(),
  messagingLimit: z.string().nullable(),
  status: z.string(),
  partnerArchived: z.boolean(),
  activePlan: z.string(),
});
export type SuperadminProjectRow = z.infer<typeof SuperadminProjectRow>;

/** How many projects each status holds, under the request's partner and search (not its status). */
export const ProjectStatusCounts = z.object(
  Object.fromEntries(projectStatuses.map((s) => [s, z.number().int()])) as Record<
    (typeof projectStatuses)[number],
    z.ZodNumber
  >,
);
export type ProjectStatusCounts = z.infer<typeof ProjectStatusCounts>;

export const SuperadminProjectListResponse = z.object({
  projects: z.array(SuperadminProjectRow),
  totalprojects: z.number().int(),
  statusCounts: ProjectStatusCounts,
});
export type SuperadminProjectListResponse = z.infer<typeof SuperadminProjectListResponse>;

/** A row that does not open (doc 2 section 2.2): the partner deleted it, or its status is archived. */
export const isArchivedProject = (p: { partnerArchived: boolean; status: string }) =>
  p.partnerArchived || p.status === 'archived';

/** GET /superadmin/projects/{id}: everything the super-admin project screen's sections show. */
export const SuperadminProject = SuperadminProjectRow.extend({
  isWhatsappVerified: z.boolean(),
  providerType: z.string(),
  familyId: z.string().nullable(),
  partnerWhatsappCredit: z.number().int(),
  metaAdsCredit: z.number().int(),
  maxAgents: z.number().int(),
  dailyTemplateLimit: z.number().int().nullable(),
  appName: z.string().nullable(),
  /** The API key, masked to its last 4 characters (e.g. '••••3f9a'); null when none is set. */
  apiKey360: z.string().nullable(),
  processedAt: z.string().nullable(),
  wabaAppId: z.string().nullable(),
  partner: z.object({
    _id: z.string(),
    name: z.string(),
    type: PartnerType,
    currency: Currency,
    centralBalance: z.number().int(),
    minAllowedBalance: z.number().int(),
  }),
  business: z.object({
    _id: z.string(),
    name: z.string(),
    company: z.string(),
    email: z.string(),
    contact: z.string(),
  }),
});
export type SuperadminProject = z.infer<typeof SuperadminProject>;

/** The list's place in the page's URL (ARCHITECTURE rule 11); the partner by id, the page from 1. */
export const SuperadminProjectListUrl = z.object({
  partner: z.string().max(64).catch(''),
  status: z.union([ProjectStatus, z.literal('')]).catch(''),
  q: z.string().max(200).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type SuperadminProjectListUrl = z.infer<typeof SuperadminProjectListUrl>;
