import type { EmbeddedSignupSession } from '@pc/contract';

/**
 * What a client's Facebook login on the embedded sign-up page shared (doc 3, "Embedded sign-up"):
 * the permissions granted and the WhatsApp Business Account with its number. `live`: the number is
 * registered and can send (Meta's CONNECTED); otherwise Meta is still setting it up.
 */
export type SharedWaba = {
  granted: string[];
  business: { id: string; name: string } | null;
  waba: { id: string; name: string } | null;
  phone: { id: string; number: string; displayName: string; live: boolean } | null;
};

/** The access token is not one Facebook issued to this app, or has expired. */
export class InvalidAccessToken extends Error {
  constructor(reason: string) {
    super(`Facebook did not accept the access token: ${reason}`);
  }
}

/** The sign-up's side of Meta (ARCHITECTURE rule 8): the sandbox's login dialog by default, Facebook's when META_MODE=live. */
export type MetaSignupProvider = {
  mode: 'sandbox' | 'live';
  /** What the token's login shared; throws InvalidAccessToken, MetaApiError, or a network error. */
  inspect: (accessToken: string) => Promise<SharedWaba>;
  /**
   * A login's code traded for the client's business token (`GET /oauth/access_token` with the app's
   * id and secret, within the code's 30 seconds); a link's login names the dialog's `redirect_uri`
   * again, the JS SDK's (Embedded Signup on our page) none. Throws InvalidAccessToken when Meta
   * refuses the code (used, expired, another app's, another redirect URI).
   */
  exchange: (code: string, redirectUri?: string) => Promise<string>;
  /**
   * What the flow shared, read with the business token: the account the session names, its owner
   * and the session's number. Embedded Signup grants what its configuration asks, all or nothing.
   */
  account: (businessToken: string, session: EmbeddedSignupSession) => Promise<SharedWaba>;
};
