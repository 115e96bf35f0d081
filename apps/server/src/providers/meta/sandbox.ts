import type { Db } from '../../platform/db/open.js';
import { LINK_TTL_MS, linkDialogUrl } from './link-dialog.js';
import { sandboxNumberConnected } from './onboarding/sandbox.js';
import type { LinkTokens } from './link-token.js';
import type { MetaProvider } from './meta.js';

/** The sandbox's app id in its login dialog's links (the dialog takes any, as it takes no secret). */
export const SANDBOX_APP_ID = 'sandbox-app';

/**
 * The sandbox Meta: links open the sandbox's Facebook login dialog on this server, with the
 * parameters Facebook's takes, which sends the client back to the same link callback with a code.
 * Its sync reads whether the sandbox registered the number, and otherwise what the project shows
 * (account webhooks change the project as they would live).
 */
export const createSandboxMeta = (opts: { publicUrl: string; tokens: LinkTokens; now: () => Date; db: Db }) => {
  const meta: MetaProvider = {
    mode: 'sandbox',
    link: async (kind, ctx) => {
      const token = await opts.tokens.issue({ ...ctx, kind, expires: opts.now().getTime() + LINK_TTL_MS });
      const dialog = `${opts.publicUrl}/sandbox/facebook/dialog/oauth`;
      const app = { appId: SANDBOX_APP_ID, configId: 'sandbox-config', publicUrl: opts.publicUrl };
      return linkDialogUrl(dialog, app, kind, token);
    },
    // A number the sandbox registered is live (Meta's CONNECTED), as the Graph API's sync reads it.
    channelStatus: async (ref) =>
      ref.wabaNumberId
        ? { ...ref.current, isWhatsappVerified: await sandboxNumberConnected(opts.db, ref.wabaNumberId, opts.now()) }
        : ref.current,
    businessInfo: async (fbBusinessId) => ({
      id: fbBusinessId,
      name: `Business Manager ${fbBusinessId}`,
      verification_status: 'verified',
    }),
    phoneDetails: async ({ current: s }) => {
      if (!s.isWhatsappVerified || !s.whatsappNumber) return null;
      return {
        display_phone_number: s.whatsappNumber,
        verified_name: s.whatsAppDisplayName ?? '',
        name_status: s.displayNameStatus ?? 'APPROVED',
        quality_rating: s.qualityRating ?? 'GREEN',
        messaging_limit_tier: s.messagingLimit ?? 'TIER_250',
      };
    },
  };
  return meta;
};
