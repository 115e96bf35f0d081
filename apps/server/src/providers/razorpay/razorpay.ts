/** What Razorpay gives for an authorisation code: the account and its OAuth tokens. */
export type RazorpayGrant = {
  /** The connected account, `acc_...`. */
  accountId: string;
  accessToken: string;
  refreshToken: string | null;
  /** The account's public key for checkout (`rzp_test_oauth_...` / `rzp_live_oauth_...`). */
  publicToken: string | null;
  accessTokenExpiresAt: Date | null;
  mode: 'test' | 'live';
};

/**
 * What Razorpay gives for a refresh token: a new access token and a NEW refresh token, the old one
 * expiring at once (its docs: "The old refresh token will be expired automatically"). Its sample
 * answer names no account, so none is read.
 */
export type RazorpayRefreshed = {
  accessToken: string;
  /** Null only if Razorpay sent none, when the one sent stays good (RFC 6749 section 6). */
  refreshToken: string | null;
  publicToken: string | null;
  accessTokenExpiresAt: Date | null;
};

/**
 * An answer of Razorpay's OAuth service other than success: its HTTP status (0: no answer at all,
 * or one that was not Razorpay's JSON) with `error` and `error_description` as it sent them.
 */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`Razorpay OAuth answered ${status} ${error}: ${description}`);
    this.name = 'RazorpayError';
  }

  /** The request was refused for what it carried (a bad, expired or used code), not for an outage. */
  get refused(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /**
   * A refresh token refused for itself (revoked, expired, not this client's): the grant is over. A
   * refusal of our client's own credentials (`invalid_client`, a rotated secret) says nothing of
   * the partner's grant, so it is not one.
   */
  get grantRefused(): boolean {
    return this.refused && this.error !== 'invalid_client';
  }
}

/**
 * The payment gateway's OAuth side (ARCHITECTURE rule 8): the sandbox by default, Razorpay's
 * OAuth service (auth.razorpay.com) when RAZORPAY_MODE=live.
 */
export type RazorpayProvider = {
  mode: 'sandbox' | 'live';
  /** The authorisation page a partner opens to allow access (scope read_write). */
  authorizeUrl: (request: { state: string; redirectUri: string }) => string;
  /** The code from the callback, for the account and its tokens; the redirect URI must be the authorisation's. */
  exchangeCode: (request: { code: string; redirectUri: string }) => Promise<RazorpayGrant>;
  /** A new token pair for a refresh token, which it replaces (Razorpay's Refresh Token API). */
  refresh: (request: { refreshToken: string }) => Promise<RazorpayRefreshed>;
  /** Ends the access a token gives (RFC 7009: a refresh token's revocation ends its grant). */
  revoke: (request: { token: string; tokenTypeHint: 'access_token' | 'refresh_token' }) => Promise<void>;
};
