import { ssoCookieName, ssoRefusals } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { badRequest } from '../../platform/errors/app-error.js';
import { openSession, type Device } from '../auth/sessions.js';
import type { SsoCookie } from './cookies.js';
import { findActiveAgent, findSsoPartner, forgetExpiredTokens, recordTokenUse } from './queries.js';
import { refused } from './refused.js';
import { CLOCK_TOLERANCE_SECONDS, claimedPartnerId, verifySsoToken } from './verify-token.js';

/** Where the token came from: the link's `?token=`, else the request's SSO cookies. */
export type SsoSource = { token?: string; cookies: SsoCookie[] };
export type SsoSignedIn = { token: string; cookieName?: string };

/**
 * One token, whole or nothing: the partner it names must have a secret that signed it (HS256),
 * within its 5 minutes, under that partner's cookie name when it came as a cookie; its user must be
 * an enabled agent of that partner; its jti is recorded and the session opened in one transaction,
 * so a refused token leaves nothing behind and a token signs in once.
 */
const signInWith = async (deps: Deps, token: string, from: Device, cookieName?: string): Promise<string> => {
  const partner = await findSsoPartner(deps.db, claimedPartnerId(token));
  if (!partner?.secret) throw refused(ssoRefusals.notSetUp);
  if (cookieName !== undefined && cookieName !== ssoCookieName(partner.brandName, partner.name))
    throw refused(ssoRefusals.wrongCookie);
  const now = deps.now();
  const claims = await verifySsoToken(token, partner.secret, now);
  const session = await deps.db.transaction(async (tx) => {
    const agent = await findActiveAgent(tx, partner.id, claims.sub);
    if (!agent) throw refused(ssoRefusals.unknownUser);
    if (!(await recordTokenUse(tx, partner.id, claims.jti, new Date(claims.exp * 1000))))
      throw refused(ssoRefusals.replayed);
    return openSession(deps, tx, { kind: 'agent', ...agent }, from);
  });
  await forgetExpiredTokens(deps.db, new Date(now.getTime() - 2 * CLOCK_TOLERANCE_SECONDS * 1000));
  return session;
};

/** The link's token when there is one; else each SSO cookie in turn, the first that signs in wins. */
export const ssoSignIn = async (deps: Deps, source: SsoSource, from: Device): Promise<SsoSignedIn> => {
  if (source.token) return { token: await signInWith(deps, source.token, from) };
  // Nothing to check is a request without its input (400), not a refused token.
  if (source.cookies.length === 0) throw badRequest(ssoRefusals.noToken);
  let firstRefusal: unknown;
  for (const cookie of source.cookies) {
    try {
      return { token: await signInWith(deps, cookie.value, from, cookie.name), cookieName: cookie.name };
    } catch (error) {
      firstRefusal ??= error;
    }
  }
  throw firstRefusal;
};
