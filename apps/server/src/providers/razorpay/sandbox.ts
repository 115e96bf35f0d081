import { randomBytes, randomInt } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { RazorpayError, type RazorpayGrant, type RazorpayProvider, type RazorpayRefreshed } from './razorpay.js';

/**
 * What the sandbox's Razorpay does with an account connected through it (ARCHITECTURE rule 15),
 * chosen on its authorisation page and carried inside the code and tokens it issues, so every
 * branch of the connect callback, of Disconnect and of the token refresh can be reached from the
 * demo and from tests.
 */
export const sandboxOutcomes = {
  connect: 'Connect the account',
  'exchange-fails': 'Refuse the code at the token exchange (an expired code)',
  'revoke-fails-once': 'Connect the account; its first disconnect will fail',
  'refresh-refused': 'Connect the account; renewing its access will be refused (as if revoked)',
  'refresh-fails-once': 'Connect the account; the first renewal of its access will fail (an outage)',
} as const;
export type SandboxOutcome = keyof typeof sandboxOutcomes;
export const isSandboxOutcome = (value: string): value is SandboxOutcome => Object.hasOwn(sandboxOutcomes, value);

export const SANDBOX_CLIENT_ID = 'sandbox';
/** Razorpay's own texts for these errors (its OAuth service answers the standard OAuth 2.0 ones). */
export const sandboxErrors = {
  accessDenied: 'The resource owner or authorization server denied the request.',
  invalidGrant:
    'The provided authorization grant (e.g., authorization code, resource owner credentials) or refresh token is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalidToken: 'The token is invalid or was not issued by this server.',
  serverError:
    'The authorization server encountered an unexpected condition which prevented it from fulfilling the request.',
} as const;

const CODE_TTL_S = 10 * 60;
// Razorpay's access tokens last its `expires_in`, 7,862,400 s (91 days); its refresh tokens 180 days.
const ACCESS_TTL_S = 7_862_400;
const REFRESH_TTL_S = 180 * 24 * 3600;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const base62 = (n: number) => Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const compactJws = /^[\w-]+\.[\w-]+\.[\w-]+$/;

type Claims = { typ: 'code' | 'access' | 'refresh'; acc: string; outcome: SandboxOutcome; redirect_uri?: string };

/**
 * The sandbox Razorpay (RAZORPAY_MODE=sandbox, the default). Its authorisation page is served by
 * this server (modules/payment-gateway/sandbox-routes.ts) and sends the browser to the callback
 * with a code. Codes and tokens are compact JWS (HS256, a key derived from the server's secret)
 * naming the account and the outcome, so they survive a restart and hold across processes; a
 * code lives 10 minutes, must come back with the authorisation's redirect URI, and is taken once
 * (remembered in this process until it expires), as Razorpay's are; a refresh token likewise
 * gives one new pair. A failing disconnect or refresh fails once, so a demo partner never stays
 * stuck with a connection it cannot end.
 */
export const createSandboxRazorpay = (opts: { publicUrl: string; secret: string; now: () => Date }) => {
  const key = new TextEncoder().encode(opts.secret);
  const usedCodes = new Map<string, number>();
  // Refresh tokens already exchanged (each is good once, as Razorpay's), until they expire.
  const usedRefreshTokens = new Map<string, number>();
  // Accounts whose one failed revoke or refresh has happened (in this process): the next one goes through.
  const failedRevokes = new Set<string>();
  const failedRefreshes = new Set<string>();
  const nowS = () => Math.floor(opts.now().getTime() / 1000);

  const sign = (claims: Claims, ttlS: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setJti(randomBytes(12).toString('hex'))
      .setIssuedAt(nowS())
      .setExpirationTime(nowS() + ttlS)
      .sign(key);
  const read = async (token: string, typ: Claims['typ'] | Claims['typ'][]) => {
    if (!compactJws.test(token)) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: opts.now(),
        requiredClaims: ['exp', 'jti'],
      });
      const typs = ([] as string[]).concat(typ);
      if (typeof payload.typ !== 'string' || !typs.includes(payload.typ)) return null;
      if (typeof payload.acc !== 'string' || typeof payload.outcome !== 'string') return null;
      if (!isSandboxOutcome(payload.outcome)) return null;
      return payload as Claims & { jti: string; exp: number };
    } catch {
      return null;
    }
  };

  /** A new access and refresh token pair of the account, with the outcome it was connected with. */
  const issueTokens = async (claims: Pick<Claims, 'acc' | 'outcome'>): Promise<RazorpayRefreshed> => {
    const tokenClaims = { acc: claims.acc, outcome: claims.outcome };
    return {
      accessToken: await sign({ typ: 'access', ...tokenClaims }, ACCESS_TTL_S),
      refreshToken: await sign({ typ: 'refresh', ...tokenClaims }, REFRESH_TTL_S),
      publicToken: `rzp_test_oauth_${base62(14)}`,
      accessTokenExpiresAt: new Date((nowS() + ACCESS_TTL_S) * 1000),
    };
  };

  const provider: RazorpayProvider & {
    redirectUri: string;
    issueCode: (request: { redirectUri: string; outcome: SandboxOutcome }) => Promise<string>;
  } = {
    mode: 'sandbox',
    /** The one redirect URI "registered" for the sandbox client, as a Razorpay application has its list. */
    redirectUri: `${opts.publicUrl}${RAZORPAY_CALLBACK_PATH}`,
    authorizeUrl: ({ state, redirectUri }) =>
      `${opts.publicUrl}/sandbox/razorpay/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: redirectUri,
        scope: 'read_write',
        state,
      }).toString()}`,
    issueCode: ({ redirectUri, outcome }) =>
      sign({ typ: 'code', acc: `acc_${base62(14)}`, outcome, redirect_uri: redirectUri }, CODE_TTL_S),
    exchangeCode: async ({ code, redirectUri }): Promise<RazorpayGrant> => {
      const claims = await read(code, 'code');
      for (const [jti, exp] of usedCodes) if (exp < nowS()) usedCodes.delete(jti);
      if (!claims || claims.redirect_uri !== redirectUri || usedCodes.has(claims.jti))
        throw new RazorpayError(400, 'invalid_grant', sandboxErrors.invalidGrant);
      usedCodes.set(claims.jti, claims.exp);
      if (claims.outcome === 'exchange-fails')
        throw new RazorpayError(400, 'invalid_grant', sandboxErrors.invalidGrant);
      return { accountId: claims.acc, ...(await issueTokens(claims)), mode: 'test' };
    },
    refresh: async ({ refreshToken }) => {
      const claims = await read(refreshToken, 'refresh');
      for (const [jti, exp] of usedRefreshTokens) if (exp < nowS()) usedRefreshTokens.delete(jti);
      if (!claims || usedRefreshTokens.has(claims.jti) || claims.outcome === 'refresh-refused')
        throw new RazorpayError(400, 'invalid_grant', sandboxErrors.invalidGrant);
      if (claims.outcome === 'refresh-fails-once' && !failedRefreshes.has(claims.acc)) {
        failedRefreshes.add(claims.acc);
        throw new RazorpayError(500, 'server_error', sandboxErrors.serverError);
      }
      usedRefreshTokens.set(claims.jti, claims.exp);
      return issueTokens(claims);
    },
    revoke: async ({ token }) => {
      const claims = await read(token, ['access', 'refresh']);
      if (!claims) throw new RazorpayError(400, 'invalid_request', sandboxErrors.invalidToken);
      if (claims.outcome === 'revoke-fails-once' && !failedRevokes.has(claims.acc)) {
        failedRevokes.add(claims.acc);
        throw new RazorpayError(500, 'server_error', sandboxErrors.serverError);
      }
    },
  };
  return provider;
};
export type SandboxRazorpay = ReturnType<typeof createSandboxRazorpay>;
