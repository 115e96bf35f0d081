import {
  assetTagOf,
  metaAdsTexts as m,
  type AdAccountsResponse,
  type AssignAssetRequest,
  type FreezeAssetRequest,
  type FrozenAssetsResponse,
  type MetaAdAccount,
  type MetaPage,
  type PagesResponse,
  type SelectAdProfileRequest,
  type UnfreezeAssetsRequest,
} from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest, forbidden } from '../../platform/errors/app-error.js';
import type { ProviderAdAccount, ProviderPage } from '../../providers/meta/ads/ads.js';
import { updateProject } from '../projects/queries.js';
import { recordPartnerChange } from '../activity/record.js';
import { adsTarget, recordAdsChange } from './activity.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf, askMeta, assertConnectingUser, providerOf, tokenOf, type AdsProject } from './project.js';
import { claimAdAccount, saveMetaAds, type MetaAdsRow } from './queries.js';
import { syncProjectSoon } from './sync.js';
import { adSetupDetailsOf, isConnectingUser, toAssistantData } from './state.js';

const toPage = (p: ProviderPage): MetaPage => ({ ...p, tag: assetTagOf(p) });
const toAdAccount = (a: ProviderAdAccount): MetaAdAccount => ({
  accountId: a.accountId,
  accountName: a.accountName,
  // The platform's system user holds an assigned account in the business (doc 3 section 3).
  systemUserId: a.isAssigned && a.metaBusinessId ? `system-user-${a.metaBusinessId}` : null,
  metaBusinessId: a.metaBusinessId,
  metaBusinessName: a.metaBusinessName,
  isAssigned: a.isAssigned,
  tag: assetTagOf(a),
});

/** A frozen asset limits everyone but the connecting user to that asset (doc 3 section 2). */
const limitedToFrozen = <T>(
  found: AdsProject,
  viewer: AgentViewer,
  list: T[],
  id: (t: T) => string,
  frozen?: string | null,
) => (frozen && !isConnectingUser(found.meta, viewer.agentId) ? list.filter((t) => id(t) === frozen) : list);

/** POST /meta-ads/fetch-pages: the connected user's pages with their tags. */
export const fetchPages = async (ctx: MetaAdsCtx, viewer: AgentViewer, assistantId: string): Promise<PagesResponse> => {
  const found = await adsProjectOf(ctx.db, viewer, assistantId);
  const token = tokenOf(ctx, found);
  const pages = (await askMeta(() => providerOf(ctx).pages(token))).map(toPage);
  return { pages: limitedToFrozen(found, viewer, pages, (p) => p.pageId, found.meta?.freezedPageId) };
};

/** POST /meta-ads/fetch-ad-accounts: the connected user's ad accounts with their tags. */
export const fetchAdAccounts = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  assistantId: string,
): Promise<AdAccountsResponse> => {
  const found = await adsProjectOf(ctx.db, viewer, assistantId);
  const token = tokenOf(ctx, found);
  const accounts = (await askMeta(() => providerOf(ctx).adAccounts(token))).map(toAdAccount);
  return {
    adAccounts: limitedToFrozen(found, viewer, accounts, (a) => a.accountId, found.meta?.freezedAdAccountId),
  };
};

/** A change of a frozen asset: refused, to the connecting user as 'unfreeze first'. */
const assertNotFrozen = (found: AdsProject, viewer: AgentViewer, frozen: string | null | undefined, next: string) => {
  if (!frozen || frozen === next) return;
  throw isConnectingUser(found.meta, viewer.agentId) ? badRequest(m.unfreezeFirst) : forbidden(m.frozenByOther);
};

/**
 * POST /meta-ads/select-ad-profile: the ad account and page the ads use, each one the connected
 * user reaches. A new page unlinks the number (it was linked to the old page). Checked again under
 * the project's lock: a freeze made meanwhile holds.
 */
export const selectAdProfile = async (ctx: MetaAdsCtx, viewer: AgentViewer, body: SelectAdProfileRequest) => {
  const { selectedMetaAdAccountId: accountId, selectedMetaPageId: pageId } = body;
  if (!accountId && !pageId) throw badRequest(m.chooseAccountAndPage);
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const token = tokenOf(ctx, found);
  const ads = providerOf(ctx);
  const account = accountId
    ? (await askMeta(() => ads.adAccounts(token))).find((a) => a.accountId === accountId)
    : undefined;
  const page = pageId ? (await askMeta(() => ads.pages(token))).find((p) => p.pageId === pageId) : undefined;
  if ((accountId && !account) || (pageId && !page)) throw badRequest(m.notYourAsset);
  const now = ctx.now();
  const meta = await ctx.db.transaction(async (tx) => {
    const locked = await adsProjectOf(tx, viewer, body.assistantId, true);
    if (locked.meta?.fbUserId !== found.meta?.fbUserId) throw badRequest(m.notConnected);
    const values: Partial<MetaAdsRow> = {};
    if (account) {
      assertNotFrozen(locked, viewer, locked.meta?.freezedAdAccountId, account.accountId);
      if (!(await claimAdAccount(tx, locked.project, account.accountId))) throw badRequest(m.accountInUse);
      Object.assign(values, { selectedAdAccountId: account.accountId, selectedAdAccountName: account.accountName });
    }
    if (page) {
      assertNotFrozen(locked, viewer, locked.meta?.freezedPageId, page.pageId);
      Object.assign(values, { selectedPageId: page.pageId, selectedPageName: page.pageName });
      if (locked.meta?.selectedPageId !== page.pageId)
        Object.assign(values, { linkedWhatsappNumber: null, linkedAt: null, otpState: 'NONE', otpPageId: null });
    }
    await saveMetaAds(tx, locked.project, values, now);
    const row = { ...locked.meta!, ...values };
    await updateProject(tx, locked.project.partnerId, locked.project.id, { adSetupDetails: adSetupDetailsOf(row) });
    await recordAdsChange(tx, viewer, locked.project, { action: 'meta-ads.assets', was: locked.meta, values });
    // A new ad account: its ads and spend are read now rather than at the next round.
    if (account) await syncProjectSoon(tx, locked.project.id, now);
    return { project: locked.project, row };
  });
  return { assistantData: toAssistantData(meta.project, meta.row, viewer.agentId) };
};

/**
 * POST /meta-ads/freeze-asset: the connecting user fixes the selected ad account, then the selected
 * page (a page only once its ad account is frozen).
 */
export const freezeAsset = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  body: FreezeAssetRequest,
): Promise<FrozenAssetsResponse> => {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await adsProjectOf(tx, viewer, body.assistantId, true);
    const meta = found.meta;
    if (!meta?.fbUserId) throw badRequest(m.notConnected);
    assertConnectingUser(found, viewer);
    const values: Partial<MetaAdsRow> = {};
    if (body.adAccountId) {
      if (body.adAccountId !== meta.selectedAdAccountId) throw badRequest(m.notYourAsset);
      values.freezedAdAccountId = body.adAccountId;
    } else {
      if (!meta.freezedAdAccountId) throw badRequest(m.freezeAccountFirst);
      if (body.pageId !== meta.selectedPageId) throw badRequest(m.notYourAsset);
      values.freezedPageId = body.pageId!;
    }
    await saveMetaAds(tx, found.project, values, now);
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.assets', was: meta, values });
    const row = { ...meta, ...values };
    return { freezedMetaAdAccountId: row.freezedAdAccountId, freezedMetaPageId: row.freezedPageId };
  });
};

/** POST /meta-ads/unfreeze-assets: by the connecting user; the page goes with its ad account. */
export const unfreezeAssets = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  body: UnfreezeAssetsRequest,
): Promise<FrozenAssetsResponse> => {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const found = await adsProjectOf(tx, viewer, body.assistantId, true);
    if (!found.meta?.fbUserId) throw badRequest(m.notConnected);
    assertConnectingUser(found, viewer);
    const values: Partial<MetaAdsRow> = body.assets.includes('adAccount')
      ? { freezedAdAccountId: null, freezedPageId: null }
      : { freezedPageId: null };
    await saveMetaAds(tx, found.project, values, now);
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.assets', was: found.meta, values });
    const row = { ...found.meta, ...values };
    return { freezedMetaAdAccountId: row.freezedAdAccountId, freezedMetaPageId: row.freezedPageId };
  });
};

/**
 * An asset assigned at Meta: the change is Meta's alone (nothing of ours changes), so its entry is
 * written once Meta has done it.
 */
const recordAssigned = (ctx: MetaAdsCtx, viewer: AgentViewer, found: AdsProject, assigned: Record<string, unknown>) =>
  recordPartnerChange(ctx.db, viewer, {
    action: 'meta-ads.assets',
    target: adsTarget(found.project),
    before: null,
    after: { assignedToSystemUser: assigned },
  });

/** POST /meta-ads/assign-meta-page and /assign-ad-account: into the business's system user's assets. */
export const assignAsset = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  kind: 'page' | 'adAccount',
  body: AssignAssetRequest,
) => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const token = tokenOf(ctx, found);
  const ads = providerOf(ctx);
  const frozen = kind === 'page' ? found.meta?.freezedPageId : found.meta?.freezedAdAccountId;
  if (frozen && frozen !== body.id && !isConnectingUser(found.meta, viewer.agentId)) throw forbidden(m.frozenByOther);
  if (kind === 'page') {
    const page = (await askMeta(() => ads.pages(token))).find((p) => p.pageId === body.id);
    if (!page) throw badRequest(m.notYourAsset);
    await askMeta(() => ads.assignPage(token, page.pageId));
    await recordAssigned(ctx, viewer, found, { page: { id: page.pageId, name: page.pageName } });
    return { success: true, data: toPage({ ...page, isAssigned: true }) };
  }
  const account = (await askMeta(() => ads.adAccounts(token))).find((a) => a.accountId === body.id);
  if (!account) throw badRequest(m.notYourAsset);
  await askMeta(() => ads.assignAdAccount(token, account.accountId));
  await recordAssigned(ctx, viewer, found, { adAccount: { id: account.accountId, name: account.accountName } });
  return { success: true, data: toAdAccount({ ...account, isAssigned: true }) };
};
