import type { BusinessCounts, BusinessListsResponse, SortOrder } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import {
  activeBusinesses,
  containsPattern,
  countBusinesses,
  countsOf,
  pageBusinesses,
  type BusinessFilter,
  type BusinessScope,
} from './queries.js';
import { toBusiness } from './view.js';

/** The partner's businesses; a referral user's only those they brought (the session decides, never a parameter). */
export const scopeOf = (viewer: AgentViewer): BusinessScope => ({
  partnerId: viewer.partnerId,
  referralAgentId: viewer.isReferral ? viewer.agentId : null,
});

const SEARCH_LIMIT = 100;
const PICKER_LIMIT = 1000;

/** A date-only "to" covers its whole day. */
const endOf = (text: string) => {
  const date = new Date(text);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(date.getTime() + 86_400_000) : new Date(date.getTime() + 1);
};

type ListInput = {
  skip: number;
  rowsPerPage: number;
  filter: string;
  clientSearch?: boolean;
  fromDate?: string | null;
  toDate?: string | null;
};

/**
 * Page form: filter All (every business, archived ones included) or Archived, by creation date.
 * Search form (clientSearch): filter is a part of the name; at most 100 matches, in either tab.
 */
export const listBusinesses = async (
  db: DbOrTx,
  viewer: AgentViewer,
  input: ListInput,
  sort: SortOrder,
): Promise<BusinessListsResponse> => {
  const scope = scopeOf(viewer);
  const range = {
    from: input.fromDate ? new Date(input.fromDate) : undefined,
    toBefore: input.toDate ? endOf(input.toDate) : undefined,
  };
  const filter: BusinessFilter = input.clientSearch
    ? { archivedOnly: false, nameLike: containsPattern(input.filter), ...range }
    : { archivedOnly: input.filter === 'Archived', ...range };
  const limit = input.clientSearch ? SEARCH_LIMIT : input.rowsPerPage || 25;
  const skip = input.clientSearch ? 0 : input.skip;
  const [rows, total] = await Promise.all([
    pageBusinesses(db, scope, filter, sort, skip, limit),
    countBusinesses(db, scope, filter, skip),
  ]);
  return {
    business: rows.map(toBusiness),
    newSkip: skip + rows.length,
    totalBusinesses: total.n,
    ...(total.moreThan && { moreThan: true }),
  };
};

export const businessCounts = async (db: DbOrTx, viewer: AgentViewer): Promise<BusinessCounts[]> => [
  await countsOf(db, scopeOf(viewer)),
];

/** Active businesses by name, for pickers. */
export const allBusinesses = async (db: DbOrTx, viewer: AgentViewer) => ({
  business: (await activeBusinesses(db, scopeOf(viewer), PICKER_LIMIT)).map(toBusiness),
});
