import { LINK_TTL_MS, linkDialogUrl } from './link-dialog.js';
import type { LinkTokens } from './link-token.js';
import type { MetaProvider, PhoneDetails } from './meta.js';

export type GraphOptions = {
  graphUrl: string;
  token: string;
  /** The version of Facebook's login dialog, as of every call (META_GRAPH_VERSION). */
  graphVersion: string;
  publicUrl: string;
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
      'display_phone_number,verified_name,name_status,quality_rating,messaging_limit_tier,whatsapp_business_manager_messaging_limit,status',
    );
  return {
    mode: 'live',
    // Facebook's login dialog, back to this server's link callback; the signed state names the project.
    link: async (kind, ctx) => {
      const state = await o.tokens.issue({ ...ctx, kind, expires: o.now().getTime() + LINK_TTL_MS });
      const dialog = `https://www.facebook.com/${o.graphVersion}/dialog/oauth`;
      return linkDialogUrl(
        dialog,
        { appId: o.appId ?? '', configId: o.signupConfigId, publicUrl: o.publicUrl },
        kind,
        state,
      );
    },
    channelStatus: async (ref) => {
      if (!ref.wabaNumberId) return ref.current;
      const p = await phone(ref.wabaNumberId);
      return {
        ...ref.current,
        // CONNECTED: registered and able to send; a number Meta has not registered yet is PENDING.
        ...(p.status ? { isWhatsappVerified: p.status === 'CONNECTED' } : {}),
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
