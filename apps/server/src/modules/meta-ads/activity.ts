import type { ActivityAction } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import type { MetaAdsRow } from './queries.js';

/**
 * The Meta Ad tab's fields the partner's activity log shows: who is connected, the assets chosen
 * and frozen, the number linked, the budgets (in 1/100000 of the project's currency, as kept). Never
 * the Facebook token, sealed or not.
 */
const shown = [
  'fbUserId',
  'fbUserName',
  'selectedAdAccountId',
  'selectedAdAccountName',
  'selectedPageId',
  'selectedPageName',
  'freezedAdAccountId',
  'freezedPageId',
  'otpState',
  'linkedWhatsappNumber',
  'minDailyBudgetLimit',
  'totalAssignedBudget',
] as const satisfies readonly (keyof MetaAdsRow)[];

/** The project an entry of the Meta Ad tab is about, by its name. */
export const adsTarget = (project: { id: string; name: string }) => ({
  kind: 'project' as const,
  id: project.id,
  name: project.name,
});

/**
 * Records `action` with the shown fields `values` sets that differ from the row as it was (none:
 * no entry, unless `evenUnchanged`, for an act that renews what it does not show).
 */
export const recordAdsChange = async (
  tx: DbOrTx,
  author: ActivityAuthor,
  project: { id: string; name: string },
  change: { action: ActivityAction; was: MetaAdsRow | null; values: Partial<MetaAdsRow>; evenUnchanged?: boolean },
) => {
  const fields = shown.filter((key) => key in change.values);
  const pick = (row: Partial<MetaAdsRow> | null) => Object.fromEntries(fields.map((key) => [key, row?.[key] ?? null]));
  const { keys, before, after } = changedFields(pick(change.was), pick(change.values));
  if (keys.length === 0 && !change.evenUnchanged) return;
  const same = keys.length === 0 ? pick(change.values) : null;
  await recordPartnerChange(tx, author, {
    action: change.action,
    target: adsTarget(project),
    before: same ?? before,
    after: same ?? after,
  });
};
