import type { LinkTokens } from './link-token.js';
import type { MetaProvider, PhoneDetails } from './meta.js';

export type GraphOptions = {
  graphUrl: string;
  token: string;
  appId?: string;
  signupConfigId?: string;
  tokens: LinkTokens;
  now: () => Date;
};

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

const LINK_TTL_MS = 60 * 60 * 1000;
const scopes = {
  waba: 'whatsapp_business_management,whatsapp_business_messaging',
  migration: 'whatsapp_business_management',
  ads: 'ads_management,business_management',
  catalog: 'catalog_management',
} as const;

/** The real Graph API client (META_MODE=live), with the system user's token. */
export const createGraphMeta = (o: GraphOptions): MetaProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  const get = async <T>(path: string, fields: string): Promise<T> => {
    const res = await fetch(`${base}/${encodeURIComponent(path)}?fields=${fields}`, {
      headers: { authorization: `Bearer ${o.token}` },
    });
    const body = (await res.json().catch(() => ({}))) as T & { error?: { message?: string; code?: number } };
    if (!res.ok || body.error)
      throw new GraphError(res.status, body.error?.code, body.error?.message ?? `Graph API answered ${res.status}`);
    return body;
  };
  const phone = (id: string) =>
    get<PhoneDetails>(
      id,
      'display_phone_number,verified_name,name_status,quality_rating,messaging_limit_tier,whatsapp_business_manager_messaging_limit',
    );
  return {
    mode: 'live',
    // Embedded signup is Facebook's login dialog; the signed state names the project.
    link: async (kind, ctx) => {
      const state = await o.tokens.issue({ ...ctx, kind, expires: o.now().getTime() + LINK_TTL_MS });
      const q = new URLSearchParams({
        client_id: o.appId ?? '',
        response_type: 'code',
        override_default_response_type: 'true',
        scope: scopes[kind],
        state,
      });
      if (o.signupConfigId && (kind === 'waba' || kind === 'migration')) q.set('config_id', o.signupConfigId);
      if (kind === 'migration') q.set('extras', JSON.stringify({ featureType: 'only_waba_sharing' }));
      return `https://www.facebook.com/dialog/oauth?${q.toString()}`;
    },
    channelStatus: async (ref) => {
      if (!ref.wabaNumberId) return ref.current;
      const p = await phone(ref.wabaNumberId);
      return {
        ...ref.current,
        whatsappNumber: p.display_phone_number.replace(/\D/g, ''),
        whatsAppDisplayName: p.verified_name,
        displayNameStatus: p.name_status,
        qualityRating: p.quality_rating,
        messagingLimit: p.whatsapp_business_manager_messaging_limit ?? p.messaging_limit_tier,
      };
    },
    businessInfo: async (fbBusinessId) => {
      const b = await get<{ id: string; name: string; verification_status: string }>(
        fbBusinessId,
        'id,name,verification_status',
      );
      return { id: b.id, name: b.name, verification_status: b.verification_status };
    },
    phoneDetails: async (ref) => (ref.wabaNumberId ? phone(ref.wabaNumberId) : null),
  };
};
