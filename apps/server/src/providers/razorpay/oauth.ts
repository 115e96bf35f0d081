import { z } from 'zod';
import { RazorpayError, type RazorpayGrant, type RazorpayProvider, type RazorpayRefreshed } from './razorpay.js';

export type RazorpayOAuthOptions = {
  /** https://auth.razorpay.com, or a fake of it in tests. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Razorpay's `mode` at the token exchange: a development client may ask for test data. */
  tokenMode: 'test' | 'live';
  now: () => Date;
  timeoutMs?: number;
};

// The refresh grant's answer is the code exchange's without the account (Razorpay's sample names none).
const RefreshAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().int().positive().optional(),
  public_token: z.string().min(1).optional(),
});
const TokenAnswer = RefreshAnswer.extend({ razorpay_account_id: z.string().min(1) });
const ErrorAnswer = z.object({
  error: z.union([z.string(), z.object({ code: z.string().optional(), description: z.string().optional() })]),
  error_description: z.string().optional(),
});

/** Razorpay's error body (`{ error, error_description }`, or its API's `{ error: { code, description } }`). */
const errorOf = (status: number, body: unknown): RazorpayError => {
  const parsed = ErrorAnswer.safeParse(body);
  if (!parsed.success) return new RazorpayError(status, 'unexpected_answer', `Razorpay answered ${status}`);
  const { error, error_description } = parsed.data;
  return typeof error === 'string'
    ? new RazorpayError(status, error, error_description ?? '')
    : new RazorpayError(status, error.code ?? 'error', error.description ?? error_description ?? '');
};

/**
 * The real Razorpay OAuth client (RAZORPAY_MODE=live): the authorisation page
 * `/authorize?response_type=code&client_id&redirect_uri&scope=read_write&state`, the code exchanged
 * and a refresh token renewed at `POST /token` (grant_type authorization_code or refresh_token) and
 * tokens revoked at `POST /revoke`, all JSON with the client's id and secret in the body. Errors come back as RazorpayError with Razorpay's own error and description; no
 * answer in time (10 s) or a body that is not Razorpay's is a RazorpayError of status 0 or the
 * status seen. Tokens never go into an error's text.
 */
export const createRazorpayOAuth = (o: RazorpayOAuthOptions): RazorpayProvider => {
  const base = o.authUrl.replace(/\/$/, '');
  const post = async (path: string, body: Record<string, string>): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new RazorpayError(0, 'unreachable', `Razorpay ${reason}`);
    }
    const answer: unknown = await res.json().catch(() => null);
    if (!res.ok) throw errorOf(res.status, answer);
    return answer;
  };
  const client = { client_id: o.clientId, client_secret: o.clientSecret };
  const tokensOf = (answer: unknown): RazorpayRefreshed => {
    const parsed = RefreshAnswer.safeParse(answer);
    if (!parsed.success) throw new RazorpayError(200, 'unexpected_answer', 'Razorpay answered without the tokens');
    const t = parsed.data;
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      publicToken: t.public_token ?? null,
      accessTokenExpiresAt: t.expires_in ? new Date(o.now().getTime() + t.expires_in * 1000) : null,
    };
  };

  return {
    mode: 'live',
    authorizeUrl: ({ state, redirectUri }) =>
      `${base}/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: o.clientId,
        redirect_uri: redirectUri,
        scope: 'read_write',
        state,
      }).toString()}`,
    exchangeCode: async ({ code, redirectUri }): Promise<RazorpayGrant> => {
      const answer = await post('/token', {
        ...client,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
        mode: o.tokenMode,
      });
      const account = TokenAnswer.safeParse(answer);
      if (!account.success) throw new RazorpayError(200, 'unexpected_answer', 'Razorpay answered without the tokens');
      return { accountId: account.data.razorpay_account_id, ...tokensOf(answer), mode: o.tokenMode };
    },
    refresh: async ({ refreshToken }) =>
      tokensOf(await post('/token', { ...client, grant_type: 'refresh_token', refresh_token: refreshToken })),
    revoke: async ({ token, tokenTypeHint }) => {
      await post('/revoke', { ...client, token_type_hint: tokenTypeHint, token });
    },
  };
};
