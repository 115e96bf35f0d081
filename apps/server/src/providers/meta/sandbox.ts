import type { LinkKind } from '@pc/contract';
import type { LinkTokens } from './link-token.js';
import type { BusinessManagerInfo, ChannelState, MetaProvider } from './meta.js';

export const sandboxPages: Record<LinkKind, string> = {
  waba: 'embedded-signup',
  migration: 'migration',
  ads: 'connect-ads',
  catalog: 'connect-catalog',
};
const LINK_TTL_MS = 60 * 60 * 1000;

/**
 * The sandbox Meta: links open pages of this server (/sandbox/meta/...) where a user "connects" a
 * number; it then holds the channel's state as Meta would, and sync reads it back.
 */
export const createSandboxMeta = (opts: { publicUrl: string; tokens: LinkTokens; now: () => Date }) => {
  const channels = new Map<string, ChannelState>();
  const managers = new Map<string, BusinessManagerInfo>();
  const meta: MetaProvider & {
    record: (projectId: string, state: ChannelState, manager?: BusinessManagerInfo) => void;
  } = {
    mode: 'sandbox',
    link: async (kind, ctx) => {
      const token = await opts.tokens.issue({ ...ctx, kind, expires: opts.now().getTime() + LINK_TTL_MS });
      return `${opts.publicUrl}/sandbox/meta/${sandboxPages[kind]}?t=${encodeURIComponent(token)}`;
    },
    // What the sandbox holds for the channel, else what the project already shows (nothing changed on Meta's side).
    channelStatus: async (ref) => ({ ...ref.current, ...channels.get(ref.projectId) }),
    businessInfo: async (fbBusinessId) =>
      managers.get(fbBusinessId) ?? {
        id: fbBusinessId,
        name: `Business Manager ${fbBusinessId}`,
        verification_status: 'verified',
      },
    phoneDetails: async (ref) => {
      const s = { ...ref.current, ...channels.get(ref.projectId) };
      if (!s.isWhatsappVerified || !s.whatsappNumber) return null;
      return {
        display_phone_number: s.whatsappNumber,
        verified_name: s.whatsAppDisplayName ?? '',
        name_status: s.displayNameStatus ?? 'APPROVED',
        quality_rating: s.qualityRating ?? 'GREEN',
        messaging_limit_tier: s.messagingLimit ?? 'TIER_250',
      };
    },
    record: (projectId, state, manager) => {
      channels.set(projectId, { ...channels.get(projectId), ...state });
      if (manager) managers.set(manager.id, manager);
    },
  };
  return meta;
};
export type SandboxMeta = ReturnType<typeof createSandboxMeta>;
