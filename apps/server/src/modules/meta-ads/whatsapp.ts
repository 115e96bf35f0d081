import { metaAdsTexts as m, type UpdateWhatsappNumberRequest, type UpdateWhatsappNumberResponse } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { updateProject } from '../projects/queries.js';
import { recordAdsChange } from './activity.js';
import type { MetaAdsCtx } from './context.js';
import { adsProjectOf, metaFailure, providerOf, tokenOf, type AdsProject } from './project.js';
import { saveMetaAds, type MetaAdsRow } from './queries.js';
import { adSetupDetailsOf, toAssistantData } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/** Meta's "the user's token no longer works" (expired, password changed, app removed). */
const TOKEN_INVALID = 190;

/**
 * The token died: the Facebook state is cleared and the assistant's Facebook fields replaced (doc 3
 * section 4), and the page is told to connect again (`action: 'reconnect'`).
 */
const reconnect = async (ctx: MetaAdsCtx, found: AdsProject, viewer: AgentViewer) => {
  const values: Partial<MetaAdsRow> = { fbUserId: null, fbUserName: null, fbGrantedScopes: [], fbTokenSealed: null };
  await ctx.db.transaction(async (tx) => {
    await saveMetaAds(tx, found.project, { ...values, otpState: 'NONE', otpPageId: null }, ctx.now());
    await updateProject(tx, found.project.partnerId, found.project.id, { adSetupDetails: null });
    // The member's call found the connection dead and ended it: the log says it is gone.
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.disconnect', was: found.meta, values });
  });
  const row = { ...found.meta!, ...values, otpState: 'NONE' };
  return {
    otpState: 'NONE' as const,
    message: m.connectionFailure,
    action: 'reconnect' as const,
    assistant: toAssistantData(found.project, row, viewer.agentId),
  };
};

/**
 * POST /meta-ads/update-whatsapp-number (Link WhatsApp Number): without a code Meta sends one to the
 * number ('SENT', the OTP dialog opens); with the 4-digit code the number is linked to the page
 * ('VERIFIED', the dialog closes). A page must be chosen ('Select facebook page !!'), a code typed
 * when verifying ('Enter OTP !!').
 */
export const updateWhatsappNumber = async (
  ctx: MetaAdsCtx,
  viewer: AgentViewer,
  body: UpdateWhatsappNumberRequest,
): Promise<UpdateWhatsappNumberResponse> => {
  const found = await adsProjectOf(ctx.db, viewer, body.assistantId);
  const token = tokenOf(ctx, found);
  const pageId = body.pageId || found.meta?.selectedPageId;
  if (!pageId) throw badRequest(m.selectPage);
  if (!found.project.isWhatsappVerified) throw badRequest(m.notLive);
  const verifying = body.verificationCode !== undefined && body.verificationCode !== null;
  const code = body.verificationCode?.trim() ?? '';
  if (verifying && !code) throw badRequest(m.enterOtp);
  if (verifying && !/^\d{4}$/.test(code)) throw badRequest(m.otpFormat);
  let answer: 'SENT' | 'VERIFIED';
  try {
    answer = await providerOf(ctx).linkWhatsappNumber(token, pageId, body.number, verifying ? code : undefined);
  } catch (error) {
    if (error instanceof MetaApiError && error.code === TOKEN_INVALID) return reconnect(ctx, found, viewer);
    throw metaFailure(error);
  }
  const now = ctx.now();
  const values: Partial<MetaAdsRow> =
    answer === 'VERIFIED'
      ? { otpState: 'VERIFIED', otpPageId: null, linkedWhatsappNumber: body.number, linkedAt: now }
      : { otpState: 'SENT', otpPageId: pageId };
  const row = { ...found.meta!, ...values };
  await ctx.db.transaction(async (tx) => {
    await saveMetaAds(tx, found.project, values, now);
    await updateProject(tx, found.project.partnerId, found.project.id, { adSetupDetails: adSetupDetailsOf(row) });
    await recordAdsChange(tx, viewer, found.project, { action: 'meta-ads.update', was: found.meta, values });
  });
  return {
    otpState: answer,
    message: answer === 'VERIFIED' ? m.linked : m.otpSent,
    assistant: toAssistantData(found.project, row, viewer.agentId),
  };
};
