import { signupScopes, type LinkKind } from '@pc/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/open.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LinkClaims } from '../../providers/meta/link-token.js';
import { linkCallbackUrl } from '../../providers/meta/link-dialog.js';
import { InvalidAccessToken, type SharedWaba } from '../../providers/meta/signup/signup.js';
import { connectSharedWaba } from '../onboarding/index.js';
import { findProject } from '../projects/queries.js';
import type { MetaLinksCtx } from './context.js';
import { claimLink, linkUsed, releaseLink } from './queries.js';
import { linkTexts as t } from './texts.js';

/** What Facebook's login dialog sends back to the link callback (its manual login flow's parameters). */
export type LinkCallback = {
  state?: string;
  code?: string;
  error?: string;
  error_reason?: string;
  error_description?: string;
};

/** The page's answer: what was connected, or why not (with the link's kind when the state was ours). */
export type LinkOutcome = { status: 200 | 400 | 404 | 502; kind: LinkKind | null; message: string };

class Refused extends Error {
  constructor(
    readonly status: LinkOutcome['status'],
    message: string,
  ) {
    super(message);
  }
}

/** Only the state's hash is kept: the table of spent links cannot complete one. */
const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest('base64url');

/**
 * GET /platform/meta/link-callback: where a generated link's Facebook login comes back (Meta's manual
 * login flow). The `state` must be one this server signed, unexpired and not yet spent; a cancel
 * spends nothing. The code is exchanged for the client's token with the same redirect URI, then
 * what the login shared completes the link as the link's kind says. The state is spent in the
 * transaction that applies it, so two callbacks with one state apply once.
 */
export const completeLink = async (
  ctx: MetaLinksCtx,
  q: LinkCallback,
  log: FastifyBaseLogger,
): Promise<LinkOutcome> => {
  const claims = q.state ? await ctx.linkTokens.verify(q.state, ctx.now().getTime()) : null;
  if (!claims || !q.state) return { status: 400, kind: null, message: t.invalid };
  try {
    return { status: 200, kind: claims.kind, message: await complete(ctx, claims, q.state, q, log) };
  } catch (error) {
    if (error instanceof Refused) return { status: error.status, kind: claims.kind, message: error.message };
    throw error;
  }
};

const complete = async (
  ctx: MetaLinksCtx,
  claims: LinkClaims,
  state: string,
  q: LinkCallback,
  log: FastifyBaseLogger,
): Promise<string> => {
  if (q.error) throw new Refused(400, t.cancelled);
  if (!q.code) throw new Refused(400, t.invalid);
  const project = await findProject(ctx.db, claims.partnerId, claims.projectId);
  // A link generated before the project was archived connects nothing now.
  if (!project || project.partnerArchived) throw new Refused(404, 'Project not found.');
  const stateHash = hashOf(state);
  if (await linkUsed(ctx.db, claims.partnerId, stateHash)) throw new Refused(400, t.used);
  if (!ctx.facebook) throw new Refused(400, t.closed);
  const facebook = ctx.facebook;
  const token = await askFacebook(() => facebook.exchange(q.code!, linkCallbackUrl(ctx.env.publicUrl)), log);
  // Spent in the transaction that applies it: a second callback with the same state finds it spent.
  const spend = async (tx: DbOrTx) => {
    const claim = { partnerId: claims.partnerId, projectId: project.id, stateHash, kind: claims.kind, now: ctx.now() };
    if (!(await claimLink(tx, claim))) throw new Refused(400, t.used);
  };

  if (claims.kind === 'waba' || claims.kind === 'migration') {
    const shared = await askFacebook(() => facebook.inspect(token), log);
    if (signupScopes.some((s) => !shared.granted.includes(s))) throw new Refused(400, t.grantAll);
    const { waba, phone } = shared;
    if (!waba || !phone) throw new Refused(400, t.noWaba);
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      await spend(tx);
      await connectSharedWaba(
        tx,
        project,
        { ...shared, waba, phone },
        {
          via: claims.kind as 'waba' | 'migration',
          businessTokenSealed: ctx.tokenBox.seal(token),
          register: true,
          now,
        },
      );
    });
    return phone.live ? t.connected : t.settingUp;
  }
  if (claims.kind === 'ads') {
    await ctx.db.transaction(spend);
    await ctx.connectAds(claims, token).catch(async (error: unknown) => {
      // Nothing was connected: the link stays good for another try.
      await releaseLink(ctx.db, claims.partnerId, stateHash);
      // The tab's own words (the project cannot connect yet, a permission is missing, Meta refused).
      if (error instanceof AppError && error.httpStatus < 500) throw new Refused(400, error.message);
      throw error;
    });
    return t.adsConnected;
  }
  const shared: SharedWaba = await askFacebook(() => facebook.inspect(token), log);
  if (!shared.granted.includes('catalog_management')) throw new Refused(400, t.grantAll);
  await ctx.db.transaction(spend);
  return t.catalogConnected;
};

/** Facebook refusing the code or token is the client's to retry with the link; an outage is a 502. */
const askFacebook = async <T>(call: () => Promise<T>, log: FastifyBaseLogger): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (error instanceof InvalidAccessToken) throw new Refused(400, t.refused);
    log.warn({ err: error }, "Facebook could not be asked about a link's login");
    throw new Refused(502, t.unavailable);
  }
};
