import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of Razorpay's OAuth service (auth.razorpay.com) for tests, answering as Razorpay
 * documents it: `POST /token` (JSON: client_id, client_secret, grant_type=authorization_code,
 * redirect_uri, code, mode) with access_token, refresh_token, expires_in, razorpay_account_id and
 * public_token; `POST /token` with grant_type=refresh_token and the refresh_token, answering a new
 * pair without the account (its sample), the old refresh token expired from then on; `POST /revoke`
 * (client_id, client_secret, token_type_hint, token); errors as `{ error, error_description }` with
 * a 4xx. A code is good once, for its redirect URI.
 */
export type FakeRazorpay = {
  url: string;
  clientId: string;
  clientSecret: string;
  /** What Razorpay's authorisation page would send back to the redirect URI when the merchant allows access. */
  approve: (redirectUri: string, accountId?: string) => string;
  /** Every request that reached the service: path and JSON body. */
  requests: { path: string; body: Record<string, unknown> }[];
  /** Tokens revoked so far. */
  revoked: Set<string>;
  /** The merchant revokes the application in Razorpay's dashboard: every token of the account stops working. */
  revokeAccount: (accountId: string) => void;
  /** The next n requests answer 503 with no Razorpay body: an outage. */
  failNext: (n: number) => void;
  close: () => Promise<void>;
};

type Issued = { redirectUri: string; accountId: string; used: boolean };

export const startFakeRazorpay = async (): Promise<FakeRazorpay> => {
  const clientId = 'rzp_client_test';
  const clientSecret = 'rzp_secret_test';
  const codes = new Map<string, Issued>();
  // Every live token, with the account it reaches.
  const tokens = new Map<string, string>();
  const revoked = new Set<string>();
  const requests: FakeRazorpay['requests'] = [];
  let failures = 0;

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const error = (status: number, code: string, description: string) =>
        answer(status, { error: code, error_description: description });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw || '{}') as Record<string, unknown>;
      } catch {
        return error(400, 'invalid_request', 'The request body is not JSON.');
      }
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body });
      if (failures > 0) {
        failures -= 1;
        return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      }
      if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/json'))
        return error(400, 'invalid_request', 'Send JSON.');
      if (body.client_id !== clientId || body.client_secret !== clientSecret)
        return error(401, 'invalid_client', 'Client authentication failed');
      const issue = (accountId: string) => {
        const access = `access_${randomBytes(16).toString('hex')}`;
        const refresh = `refresh_${randomBytes(16).toString('hex')}`;
        tokens.set(access, accountId).set(refresh, accountId);
        return {
          public_token: 'rzp_test_oauth_9xu1rkZqoXlClS',
          token_type: 'Bearer',
          expires_in: 7862400,
          access,
          refresh,
        };
      };
      if (path === '/token' && body.grant_type === 'refresh_token') {
        const token = String(body.refresh_token ?? '');
        if (!token) return error(400, 'invalid_request', 'Check the refresh_token parameter');
        const accountId = token.startsWith('refresh_') ? tokens.get(token) : undefined;
        if (!accountId) return error(400, 'invalid_grant', 'Token has been revoked');
        tokens.delete(token);
        const { access, refresh, ...rest } = issue(accountId);
        return answer(200, { ...rest, access_token: access, refresh_token: refresh });
      }
      if (path === '/token') {
        if (body.grant_type !== 'authorization_code')
          return error(
            400,
            'unsupported_grant_type',
            'The authorization grant type is not supported by the authorization server.',
          );
        if (body.mode !== 'test' && body.mode !== 'live') return error(400, 'invalid_request', 'Invalid mode');
        const issued = codes.get(String(body.code));
        if (!issued || issued.used || issued.redirectUri !== body.redirect_uri)
          return error(400, 'invalid_grant', 'Authorization code is invalid or has expired');
        issued.used = true;
        const { access, refresh, ...rest } = issue(issued.accountId);
        return answer(200, {
          ...rest,
          access_token: access,
          refresh_token: refresh,
          razorpay_account_id: issued.accountId,
        });
      }
      if (path === '/revoke') {
        const token = String(body.token);
        if (!['access_token', 'refresh_token'].includes(String(body.token_type_hint)) || !tokens.has(token))
          return error(400, 'invalid_request', 'The token is invalid');
        tokens.delete(token);
        revoked.add(token);
        return answer(200, { message: 'Token Revoked' });
      }
      return error(404, 'not_found', 'No such endpoint');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId,
    clientSecret,
    approve: (redirectUri, accountId = 'acc_FakeMerchant01') => {
      const code = `def502${randomBytes(20).toString('hex')}`;
      codes.set(code, { redirectUri, accountId, used: false });
      return code;
    },
    requests,
    revoked,
    revokeAccount: (accountId) => {
      for (const [token, account] of tokens) if (account === accountId) tokens.delete(token);
    },
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
