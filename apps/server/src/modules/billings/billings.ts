import type {
  BillingActivityListsRequest,
  BillingActivityListsResponse,
  BillingDetailResponse,
  PartnerNameResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { notFound } from '../../platform/errors/app-error.js';
import { signedFileLink } from '../projects/file-links.js';
import { billingCount, billingPage, findBillingLog, findProject, partnerFlags, type BillingFilter } from './queries.js';

const DAY = 86_400_000;
/** The total is exact up to this many rows past the page asked for; beyond, moreThan says so. */
const COUNT_AHEAD = 5_000;
/** A date-only end covers its whole day (UTC); an instant is inclusive. */
const endBefore = (text: string) => new Date(new Date(text).getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(text) ? DAY : 1));

type ListInput = {
  skip: number;
  rowsPerPage: number;
  assistantId?: string | null;
  fromDate?: string | null;
  toDate?: string | null;
};

/**
 * One page of the partner's billing logs (or one project's), newest first unless sort=asc. The
 * super-admin's partner account page reads the same list (only the partner id is needed).
 */
export const listBillingLogs = async (
  deps: Deps,
  viewer: Pick<AgentViewer, 'partnerId'>,
  input: ListInput & BillingActivityListsRequest,
  sort: 'asc' | 'dec',
): Promise<BillingActivityListsResponse> => {
  const projectId = input.assistantId || undefined;
  if (projectId && !(await findProject(deps.db, viewer.partnerId, projectId))) throw notFound();
  const flags = await partnerFlags(deps.db, viewer.partnerId);
  const filter: BillingFilter = {
    partnerId: viewer.partnerId,
    projectId,
    from: input.fromDate ? new Date(input.fromDate) : undefined,
    toBefore: input.toDate ? endBefore(input.toDate) : undefined,
    // Asked for by reason (the Meta Ads Transactions tab), the ad credit's rows show whatever the flag.
    hideMetaAdCreditUpdate: flags.hideMetaAdCreditUpdate === true && !input.reasonCodes?.length,
    reasonCodes: input.reasonCodes ?? undefined,
    balance: input.balance ?? undefined,
  };
  const [partnerBillingLogs, counted] = await Promise.all([
    billingPage(deps.db, filter, sort, input.skip, input.rowsPerPage),
    billingCount(deps.db, filter, input.skip + COUNT_AHEAD + 1),
  ]);
  const moreThan = counted > input.skip + COUNT_AHEAD;
  const now = deps.now();
  return {
    partnerBillingLogs: await Promise.all(
      partnerBillingLogs.map(async (log) => ({
        ...log,
        invoiceLink: await signedFileLink(deps.env, now, log.invoiceLink),
      })),
    ),
    newSkip: input.skip + partnerBillingLogs.length,
    totalprojects: moreThan ? input.skip + COUNT_AHEAD : counted,
    moreThan,
  };
};

export const projectName = async (
  deps: Deps,
  viewer: AgentViewer,
  assistantId: string,
): Promise<PartnerNameResponse> => {
  const project = await findProject(deps.db, viewer.partnerId, assistantId);
  if (!project) throw notFound();
  return { assistantName: project.name, wabaLive: project.live };
};

/** A hidden META_AD_CREDIT_UPDATE entry is not found either. */
export const billingDetail = async (
  deps: Deps,
  viewer: AgentViewer,
  billingId: string,
): Promise<BillingDetailResponse> => {
  const log = await findBillingLog(deps.db, viewer.partnerId, billingId);
  if (!log) throw notFound();
  if (
    log.reasonCode === 'META_AD_CREDIT_UPDATE' &&
    (await partnerFlags(deps.db, viewer.partnerId)).hideMetaAdCreditUpdate === true
  )
    throw notFound();
  const invoiceLink = await signedFileLink(deps.env, deps.now(), log.invoiceLink);
  return [{ ...log, invoiceLink }, { assistantName: log.assistantName }];
};
