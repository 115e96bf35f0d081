import { signupScopes } from '@pc/contract';
import { InvalidAccessToken, type MetaSignupProvider, type SharedWaba } from './signup.js';
import { MetaApiError, metaApiErrorOf } from '../graph-error.js';

/**
 * The real sign-up client (META_MODE=live): the token the client's Facebook login gave the page is
 * inspected with the app's token (`/debug_token`: valid, this app's, which permissions, which
 * WhatsApp Business Accounts it reaches), then the account and its numbers are read with it.
 */
export type GraphSignupOptions = { graphUrl: string; appId: string; appSecret: string };

const TIMEOUT_MS = 15_000;

type DebugToken = {
  data?: {
    app_id?: string;
    is_valid?: boolean;
    scopes?: string[];
    granular_scopes?: { scope?: string; target_ids?: string[] }[];
  };
};
type GraphWaba = { id: string; name?: string; owner_business_info?: { id?: string; name?: string } };
type GraphNumbers = {
  data?: { id: string; display_phone_number?: string; verified_name?: string; status?: string }[];
};

export const createGraphSignup = (o: GraphSignupOptions): MetaSignupProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  const get = async <T>(path: string, query: Record<string, string>, token: string | null): Promise<T> => {
    const res = await fetch(`${base}/${path}?${new URLSearchParams(query).toString()}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw metaApiErrorOf(res.status, body);
    return body as T;
  };
  /** The account's owner and the number the session names (the account may hold others). */
  const readAccount = async (wabaId: string, phoneId: string | null, token: string, granted: string[]) => {
    const waba = await get<GraphWaba>(wabaId, { fields: 'id,name,owner_business_info' }, token);
    const numbers = await get<GraphNumbers>(
      `${wabaId}/phone_numbers`,
      { fields: 'id,display_phone_number,verified_name,status' },
      token,
    );
    const owner = waba.owner_business_info;
    const number = phoneId ? numbers.data?.find((n) => n.id === phoneId) : numbers.data?.[0];
    const shared: SharedWaba = {
      granted,
      business: owner?.id ? { id: owner.id, name: owner.name ?? '' } : null,
      waba: { id: waba.id, name: waba.name ?? '' },
      phone: number
        ? {
            id: number.id,
            number: (number.display_phone_number ?? '').replace(/\D/g, ''),
            displayName: number.verified_name ?? '',
            live: number.status === 'CONNECTED',
          }
        : null,
    };
    return shared;
  };

  return {
    mode: 'live',
    exchange: async (code, redirectUri) => {
      // Server to server, never from the browser: the app's secret stays here (Meta's onboarding pages).
      const query = {
        client_id: o.appId,
        client_secret: o.appSecret,
        code,
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
      };
      let body: { access_token?: unknown };
      try {
        body = await get('oauth/access_token', query, null);
      } catch (error) {
        // OAuthException 100 (with 36007 expired, 36009 used): the code is no good, which a retry will not change.
        if (error instanceof MetaApiError && error.httpStatus === 400) throw new InvalidAccessToken(error.message);
        throw error;
      }
      if (typeof body.access_token !== 'string' || body.access_token === '')
        throw new InvalidAccessToken('no access token for the code');
      return body.access_token;
    },
    account: (businessToken, session) =>
      readAccount(session.wabaId, session.phoneNumberId, businessToken, [...signupScopes]),
    inspect: async (accessToken) => {
      const debug = await get<DebugToken>(
        'debug_token',
        { input_token: accessToken },
        // An app access token: what /debug_token wants beside the token it inspects.
        `${o.appId}|${o.appSecret}`,
      );
      const d = debug.data;
      if (!d?.is_valid) throw new InvalidAccessToken('invalid or expired');
      if (d.app_id !== o.appId) throw new InvalidAccessToken('issued to another app');
      const granted = d.scopes ?? [];
      const wabaId = d.granular_scopes?.find((s) => s.scope === 'whatsapp_business_management')?.target_ids?.[0];
      const shared: SharedWaba = { granted, business: null, waba: null, phone: null };
      if (!wabaId) return shared;
      return readAccount(wabaId, null, accessToken, granted);
    },
  };
};
