import { metaAdsTexts as m, type ConnectionStage, type MetaAdsAssistantData, type OtpState } from '@pc/contract';
import type { projects } from '../../platform/db/schema.js';
import type { MetaAdsRow } from './queries.js';

type ProjectRow = typeof projects.$inferSelect;

/** The Projects tab's stage: Facebook, then a page, then the page's WhatsApp number. */
export const connectionStageOf = (meta: MetaAdsRow | null): ConnectionStage =>
  !meta?.fbUserId
    ? 'FB_NOT_CONNECTED'
    : !meta.selectedPageId
      ? 'PAGE_NOT_SELECTED'
      : !meta.linkedWhatsappNumber
        ? 'WA_NUMBER_NOT_LINKED'
        : 'CONNECTED';

/**
 * Why Connect Facebook cannot be used yet (doc 3 sections 2 and 6): the Cloud API (v3), the number
 * approved, then synced to step 9, and a plan; null when it can.
 */
export const connectBlockedBy = (p: ProjectRow): string | null => {
  if (p.providerType !== 'v3') return m.upgrade;
  if (!p.isWhatsappVerified) return m.approveFirst;
  if (p.wabaProgressStep !== 9) return m.pendingSync;
  if (!p.activePlan || p.activePlan === 'NONE') return m.purchasePlan;
  return null;
};

/**
 * The one who connected Facebook may freeze, unfreeze and disconnect (doc 3 section 2). A row
 * without one (connected before it was recorded, or by the partner itself) leaves it to anyone.
 */
export const isConnectingUser = (meta: MetaAdsRow | null, agentId: string) =>
  !meta?.fbConnectedBy || meta.fbConnectedBy === agentId || meta.fbConnectedBy === meta.partnerId;

/** The header card's state (doc 2 section 4): none, set up in part, or complete. */
export const adSetupDetailsOf = (meta: MetaAdsRow | null) =>
  meta?.fbUserId ? { isSetupCompleted: connectionStageOf(meta) === 'CONNECTED' } : null;

export const toAssistantData = (p: ProjectRow, meta: MetaAdsRow | null, agentId: string): MetaAdsAssistantData => ({
  _id: p.id,
  fbConnected: Boolean(meta?.fbUserId),
  fbUserId: meta?.fbUserId ?? null,
  fbUserName: meta?.fbUserName ?? null,
  fbGrantedScopes: meta?.fbGrantedScopes ?? [],
  fbConnectedBy: meta?.fbConnectedBy ?? null,
  isConnectingUser: isConnectingUser(meta, agentId),
  selectedMetaAdAccountId: meta?.selectedAdAccountId ?? null,
  selectedMetaAdAccountName: meta?.selectedAdAccountName ?? null,
  selectedMetaPageId: meta?.selectedPageId ?? null,
  selectedMetaPageName: meta?.selectedPageName ?? null,
  freezedMetaAdAccountId: meta?.freezedAdAccountId ?? null,
  freezedMetaPageId: meta?.freezedPageId ?? null,
  otpState: (meta?.otpState ?? 'NONE') as OtpState,
  linkedWhatsappNumber: meta?.linkedWhatsappNumber ?? null,
  whatsappNumber: p.whatsappNumber,
  metaAdsDetails: {
    minDailyBudgetLimit: meta?.minDailyBudgetLimit ?? null,
    totalAssignedBudget: meta?.totalAssignedBudget ?? null,
  },
  metaAdsCredit: p.metaAdsCredit,
  currency: p.currency,
  connectionStage: connectionStageOf(meta),
  connectBlockedBy: connectBlockedBy(p),
  adsPausedForCredit: Boolean(meta?.adsPausedForCreditAt),
});
