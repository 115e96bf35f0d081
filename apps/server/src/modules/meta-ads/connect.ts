import {
  metaAdsTexts as m,
  missingAdsScope,
  type AssistantDataResponse,
  type FbConnectRequest,
  type FbDisconnectRequest,
} from '@pc/contract';
import type { z } from 'zod';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { Tx } from '../../platform/db/open.js';
import { badRequest, notFound } from '../../platform/errors/app-error.js';
import { updateProject } from '../projects/queries.js';
import { recordAdsChange } from './activity.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf, askMeta, assertConnectingUser, providerOf, type AdsProject } from './project.js';
import { findAdsProject, saveMetaAds, type MetaAdsRow } from './queries.js';
import { adSetupDetailsOf, connectBlockedBy, toAssistantData } from './state.js';

/** What a new Facebook user (or none) leaves of the set-up: the old user's assets are not the new one's. */
const cleared: Partial<MetaAdsRow> = {
  selectedAdAccountId: null,
  selectedAdAccountName: null,
  selectedPageId: null,
  selectedPageName: null,
  freezedAdAccountId: null,
  freezedPageId: null,
  otpState: 'NONE',
  otpPageId: null,
  linkedWhatsappNumber: null,
  linkedAt: null,
};

/**
 * POST /meta-ads/fb-connect: the Facebook login's answer becomes the project's connection, once the
 * project may connect (the spec's tooltips otherwise), the login is 'connected' ('Connection
 * Failure!' otherwise) and every permission the ads need is granted (the first one missing, in the
 * spec's words). The same user connecting again keeps the set-up; another user starts it over, and
 * only the connecting user may replace the connection.
 */
export const fbConnect = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  body: FbConnectRequest,
): Promise<AssistantDataResponse> => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const token = body.status === 'connected' ? body.authResponse?.accessToken : undefined;
  // Only the connecting user may replace the connection.
  const meta = await connectFacebookUser(ctx, found, token, viewer.agentId, {
    mayReplace: () => {
      if (found.meta?.fbUserId) assertConnectingUser(found, viewer);
    },
    // The member's connection is in the activity log (a link's is the client's, not a member's).
    record: (tx, values) =>
      recordAdsChange(tx, viewer, found.project, {
        action: 'meta-ads.connect',
        was: found.meta,
        values,
        evenUnchanged: true,
      }),
  });
  return { assistantData: toAssistantData(found.project, meta, viewer.agentId) };
};

/**
 * A generated Meta Ads link's login (modules/meta-links): the client's Facebook user becomes the
 * project's connection as on the tab, connected on the partner's behalf (any of its agents may
 * manage it). Throws the tab's messages (AppError) when the project cannot connect yet.
 */
export const connectAdsByLink = async (
  ctx: MetaAdsCtx,
  ref: { partnerId: string; projectId: string },
  token: string,
) => {
  const found = await findAdsProject(ctx.db, ref.partnerId, ref.projectId, false);
  if (!found || found.project.partnerArchived) throw notFound('Project not found.');
  await connectFacebookUser(ctx, found, token, ref.partnerId);
};

/**
 * The login's token becomes the project's connection, once the project may connect (the spec's
 * tooltips otherwise), the login gave a token ('Connection Failure!' otherwise) and every permission
 * the ads need is granted (the first one missing, in the spec's words). The same user connecting
 * again keeps the set-up; another user starts it over.
 */
const connectFacebookUser = async (
  ctx: MetaAdsCtx,
  found: AdsProject,
  token: string | undefined,
  connectedBy: string,
  opts: { mayReplace?: () => void; record?: (tx: Tx, values: Partial<MetaAdsRow>) => Promise<void> } = {},
): Promise<MetaAdsRow> => {
  const ads = providerOf(ctx);
  const blocked = connectBlockedBy(found.project);
  if (blocked) throw badRequest(blocked);
  if (!token) throw badRequest(m.connectionFailure);
  const user = await askMeta(() => ads.user(token));
  const missing = missingAdsScope(user.grantedScopes);
  if (missing) throw badRequest(missing);
  opts.mayReplace?.();
  // The login's token lasts an hour or two; the sync needs one that lasts (about 60 days).
  const kept = await askMeta(() => ads.longLivedToken(token));
  const now = ctx.now();
  const values: Partial<MetaAdsRow> = {
    ...(found.meta?.fbUserId === user.userId ? {} : cleared),
    fbUserId: user.userId,
    fbUserName: user.name,
    fbGrantedScopes: user.grantedScopes,
    fbConnectedBy: connectedBy,
    fbTokenSealed: ctx.fbTokens.seal(kept),
    fbConnectedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    await saveMetaAds(tx, found.project, values, now);
    const row = { ...(found.meta ?? ({} as MetaAdsRow)), ...values, partnerId: found.project.partnerId } as MetaAdsRow;
    await updateProject(tx, found.project.partnerId, found.project.id, { adSetupDetails: adSetupDetailsOf(row) });
    await opts.record?.(tx, values);
    return row;
  });
};

/** POST /meta-ads/fb-disconnect: only by the connecting user, of the user connected now. */
export const fbDisconnect = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  body: z.infer<typeof FbDisconnectRequest>,
): Promise<AssistantDataResponse> => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  if (!found.meta?.fbUserId || found.meta.fbUserId !== body.fbUserId) throw badRequest(m.notConnected);
  assertConnectingUser(found, viewer);
  const now = ctx.now();
  const values: Partial<MetaAdsRow> = {
    ...cleared,
    fbUserId: null,
    fbUserName: null,
    fbGrantedScopes: [],
    fbConnectedBy: null,
    fbTokenSealed: null,
    fbConnectedAt: null,
  };
  await ctx.db.transaction(async (tx) => {
    await saveMetaAds(tx, found.project, values, now);
    await updateProject(tx, found.project.partnerId, found.project.id, { adSetupDetails: null });
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.disconnect', was: found.meta, values });
  });
  return { assistantData: toAssistantData(found.project, { ...found.meta, ...values }, viewer.agentId) };
};
