import { metaAdTabAllowed, metaAdsTexts as m } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors/app-error.js';
import { InvalidAccessToken } from '../../providers/meta/signup/signup.js';
import type { MetaAdsCtx } from './context.js';
import { findAdsProject } from './queries.js';
import { isConnectingUser } from './state.js';
import { MetaApiError } from '../../providers/meta/graph-error.js';

/**
 * The project a /meta-ads call acts on: the caller's partner's (404 otherwise, never another's), not
 * archived, and one whose Meta Ad tab shows (doc 2 section 2.1), else 403. `lock` holds the
 * project's row for the caller's transaction (projects before partners, the global order).
 */
export const adsProjectOf = async (db: DbOrTx, viewer: AgentViewer, assistantId: string, lock = false) => {
  const found = await findAdsProject(db, viewer.partnerId, assistantId, lock);
  if (!found || found.project.partnerArchived) throw notFound('Project not found.');
  if (!metaAdTabAllowed(found.project, found.partner)) throw forbidden(m.tabNotAvailable);
  return found;
};
export type AdsProject = Awaited<ReturnType<typeof adsProjectOf>>;

/** The connected Facebook user's token, or 400 when Facebook is not connected. */
export const tokenOf = (ctx: MetaAdsCtx, found: AdsProject): string => {
  if (!found.meta?.fbUserId || !found.meta.fbTokenSealed) throw badRequest(m.notConnected);
  return ctx.fbTokens.open(found.meta.fbTokenSealed);
};

export const assertConnectingUser = (found: AdsProject, viewer: AgentViewer) => {
  if (!isConnectingUser(found.meta, viewer.agentId)) throw forbidden(m.onlyConnectingUser);
};

export const providerOf = (ctx: MetaAdsCtx) => {
  if (!ctx.ads) throw forbidden(m.notAllowed);
  return ctx.ads;
};

/** Meta's refusal as the API answers it: its own words for a 4xx, 'try again' when Meta is down. */
export const metaFailure = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  // The login's token is not (or no longer) Facebook's: connect again.
  if (error instanceof InvalidAccessToken || (error instanceof MetaApiError && error.code === 190))
    return badRequest(m.connectionFailure);
  if (error instanceof MetaApiError && error.httpStatus >= 400 && error.httpStatus < 500)
    return new AppError('PROVIDER_REFUSED', 422, error.userMessage ?? error.message);
  return new AppError('PROVIDER_UNAVAILABLE', 502, m.metaUnavailable);
};

/** Runs a provider call, answering its failure as metaFailure says. */
export const askMeta = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw metaFailure(error);
  }
};
