import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from './constants.js';
import { ProjectSummary } from './projects.js';

/**
 * The projects list (spec doc 1 sections 2, 3, 4, 7 and 9): its tabs, its filter, and the calls
 * project-lists, project-counts (and their referral variants) and projects-report.
 */

/** The `filter` values the list call takes: the tab names, with "Trial" for the Signup trial tab. */
export const projectTabFilters = [
  'All',
  'Trial',
  'API Trial',
  'Draft',
  'Live',
  'Monthly Plan',
  'Yearly Plan',
  'KYC',
  'Stopped',
  'Deleted',
] as const;
export const ProjectTabFilter = z.enum(projectTabFilters);
export type ProjectTabFilter = z.infer<typeof ProjectTabFilter>;

/** The label each tab shows. */
export const projectTabLabels: Record<ProjectTabFilter, string> = {
  All: 'All',
  Trial: 'Signup trial',
  'API Trial': 'API Trial',
  Draft: 'Draft',
  Live: 'Live',
  'Monthly Plan': 'Monthly Plan',
  'Yearly Plan': 'Yearly Plan',
  KYC: 'KYC',
  Stopped: 'Stopped',
  Deleted: 'Deleted',
};

type TabPartner = {
  type: 'WHITELABEL' | 'DIRECT' | 'ADS_WHITELABEL';
  enableSignUp: boolean;
  enableTrial: boolean;
  flags: { kyc?: boolean };
};

/**
 * The tabs a partner sees: WHITELABEL has the trial tabs (each when enabled) and the plan tabs;
 * the other types have the KYC tab instead, with the `kyc` flag only.
 */
export const projectTabsFor = (partner: TabPartner): ProjectTabFilter[] =>
  partner.type === 'WHITELABEL'
    ? [
        'All',
        ...(partner.enableSignUp ? (['Trial'] as const) : []),
        ...(partner.enableTrial ? (['API Trial'] as const) : []),
        'Draft',
        'Live',
        'Monthly Plan',
        'Yearly Plan',
        'Stopped',
        'Deleted',
      ]
    : ['All', 'Draft', 'Live', ...(partner.flags.kyc ? (['KYC'] as const) : []), 'Stopped', 'Deleted'];

/** Spec doc 1 section 9. */
export const monthlyPlanOptions = ['ALL', 'BASIC_MONTHLY', 'PRO_MONTHLY'] as const;
export const yearlyPlanOptions = ['ALL', 'BASIC_YEARLY', 'PRO_YEARLY'] as const;
export const MonthlyPlanFilter = z.enum(monthlyPlanOptions);
export const YearlyPlanFilter = z.enum(yearlyPlanOptions);

/**
 * KYC filter values and how each reads bvbpProcess (0 not applied, 1 applied, 2 in process,
 * 3 approved: the limit was increased); a remark on a project back at 0 is a rejection.
 */
export const kycFilterOptions = ['ALL', 'Not Applied', 'KYC', 'Applied', 'Limit Increased', 'Rejected'] as const;
export const KycFilter = z.enum(kycFilterOptions);
export type KycFilter = z.infer<typeof KycFilter>;
export const kycFilterLabels: Record<KycFilter, string> = {
  ALL: 'ALL',
  'Not Applied': 'Not Applied (Yet to apply)',
  KYC: 'KYC (Applicants)',
  Applied: 'Applied (Under Review)',
  'Limit Increased': 'Limit Increased',
  Rejected: 'Rejected',
};

export const ProjectListSort = z.enum(['asc', 'dec']);
export type ProjectListSort = z.infer<typeof ProjectListSort>;
export const ProjectListSortQuery = z.object({ sort: ProjectListSort.default('dec') });

/** A day (2024-05-01, a whole day in UTC) or an instant (ISO 8601 with an offset). */
export const ProjectFilterDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Invalid date' });

const filterFields = {
  assistantName: z.string().max(200).optional(),
  fromDate: ProjectFilterDate.nullish(),
  toDate: ProjectFilterDate.nullish(),
  fromPlanActivatedDate: ProjectFilterDate.nullish(),
  toPlanActivatedDate: ProjectFilterDate.nullish(),
  monthlyPlan: MonthlyPlanFilter.nullish(),
  yearlyPlan: YearlyPlanFilter.nullish(),
  kycFilter: KycFilter.nullish(),
  businessId: z.string().max(64).nullish(),
  /** Sent by referral users; ignored: the referral user is the one of the session. */
  partnerReferralId: z.string().max(64).nullish(),
};

/** The filters every tab's count shares with the rows. */
export const ProjectCountsRequest = z.object(filterFields);
export type ProjectCountsRequest = z.infer<typeof ProjectCountsRequest>;

/**
 * How far the projects list pages by `skip` alone: past it a page opens from a neighbour's
 * project (`after` or `before`), which costs what the first page does where a skip walks every
 * row before it (2 s half way down a million projects).
 */
export const PROJECT_LIST_MAX_SKIP = 10_000;

export const ProjectListRequest = z.object({
  ...filterFields,
  filter: ProjectTabFilter.default('All'),
  skip: z.number().int().min(0).max(10_000_000).default(0),
  rowsPerPage: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  /**
   * Not in the spec: the id of the last project of the page before this one, when the caller has
   * it. The page then starts right after that project (keyset paging: a page deep in a million
   * rows costs what the first does) and `skip` only numbers it; an id that is not the partner's
   * falls back to skip. Past PROJECT_LIST_MAX_SKIP rows a page needs it (or `before`).
   */
  after: z.string().max(64).nullish(),
  /**
   * Not in the spec: the id of the first project of the page after this one (going back from it).
   * The page is then the rows right before that project; `after` wins when both are sent.
   */
  before: z.string().max(64).nullish(),
});
export type ProjectListRequest = z.input<typeof ProjectListRequest>;
export type ProjectListQuery = z.output<typeof ProjectListRequest>;

export const ProjectListResponse = z.object({
  projects: z.array(ProjectSummary),
  newSkip: z.number().int(),
  totalprojects: z.number().int(),
  /**
   * Not in the spec: true when a filtered list (a search, dates, a business) matches more projects
   * than were counted: totalprojects is then a lower bound (the pager shows "of more than N"), as
   * an exact count of a million matches costs a scan on every page. Absent means exact.
   */
  moreThan: z.boolean().optional(),
});
export type ProjectListResponse = z.infer<typeof ProjectListResponse>;

export const ProjectCounts = z.object({
  allCount: z.number().int(),
  liveCount: z.number().int(),
  draftCount: z.number().int(),
  trialCount: z.number().int(),
  apiTrialCount: z.number().int(),
  monthlyCount: z.number().int(),
  yearlyCount: z.number().int(),
  deletedCount: z.number().int(),
  stoppedCount: z.number().int(),
  kycDoneCount: z.number().int(),
  KycNotAppliedCount: z.number().int(),
  KycLimitIncreasedCount: z.number().int(),
  KycAppliedCount: z.number().int(),
  /**
   * Not in the spec: true when the filter (a search, dates, a business) matched more projects than
   * were counted, so each count is a lower bound (shown as "N+"). Absent means exact.
   */
  moreThan: z.boolean().optional(),
});
export type ProjectCounts = z.infer<typeof ProjectCounts>;
export const ProjectCountsResponse = z.array(ProjectCounts);

/** Which count each tab shows. */
export const projectTabCount: Record<ProjectTabFilter, Exclude<keyof ProjectCounts, 'moreThan'>> = {
  All: 'allCount',
  Trial: 'trialCount',
  'API Trial': 'apiTrialCount',
  Draft: 'draftCount',
  Live: 'liveCount',
  'Monthly Plan': 'monthlyCount',
  'Yearly Plan': 'yearlyCount',
  KYC: 'kycDoneCount',
  Stopped: 'stoppedCount',
  Deleted: 'deletedCount',
};

/** The report takes the list's filter (the tab is required) and the sort; it answers projects.csv. */
export const ProjectsReportRequest = z.object({
  ...filterFields,
  filter: ProjectTabFilter,
  sort: ProjectListSort.optional(),
});
export type ProjectsReportRequest = z.infer<typeof ProjectsReportRequest>;

/** The columns of projects.csv, in order (spec doc 1 section 3: fixed columns plus Project ID). */
export const projectsReportColumns = [
  'Project ID',
  'Project Name',
  'Business Name',
  'Business Email',
  'WABA Status',
  'WhatsApp Number',
  'Active Plan',
  'Plan Type',
  'Subscription Status',
  'Status',
  'Credit',
  'Currency',
  'Plan Activated On',
  'Created At',
] as const;
export const PROJECTS_REPORT_FILE = 'projects.csv';
