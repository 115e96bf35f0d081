import { adsLoginScopes, signupScopes, type LinkKind } from '@pc/contract';

/** Where Facebook's login dialog sends a link's client back, on this server (a "Valid OAuth Redirect URI"). */
export const LINK_CALLBACK_PATH = '/platform/meta/link-callback';
export const linkCallbackUrl = (publicUrl: string) => `${publicUrl}${LINK_CALLBACK_PATH}`;

/** What each link's login asks for: what completing it needs (the sign-up's, Meta Ads', the catalogue's). */
export const linkScopes: Record<LinkKind, readonly string[]> = {
  waba: signupScopes,
  migration: signupScopes,
  ads: adsLoginScopes,
  catalog: ['business_management', 'catalog_management'],
};

/** A link stays good for an hour after it is generated. */
export const LINK_TTL_MS = 60 * 60 * 1000;

/**
 * A generated link: Facebook's login dialog, built by hand as Meta's "Manually Build a Login Flow"
 * documents it (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow):
 * `client_id`, `redirect_uri`, `state`, `response_type=code` and `scope`; for the WhatsApp links,
 * the Embedded Signup configuration (`config_id`, with `override_default_response_type` and the
 * `extras` of Meta's Embedded Signup implementation page; a migration shares an existing account
 * only). The dialog is Facebook's (`https://www.facebook.com/{version}/dialog/oauth`) or the
 * sandbox's, which takes the same parameters.
 */
export const linkDialogUrl = (
  dialog: string,
  o: { appId: string; configId?: string; publicUrl: string },
  kind: LinkKind,
  state: string,
) => {
  const q = new URLSearchParams({
    client_id: o.appId,
    redirect_uri: linkCallbackUrl(o.publicUrl),
    state,
    response_type: 'code',
    scope: linkScopes[kind].join(','),
  });
  if (o.configId && (kind === 'waba' || kind === 'migration')) {
    q.set('config_id', o.configId);
    q.set('override_default_response_type', 'true');
    const extras = { setup: {}, featureType: kind === 'migration' ? 'only_waba_sharing' : '', sessionInfoVersion: '3' };
    q.set('extras', JSON.stringify(extras));
  }
  return `${dialog}?${q.toString()}`;
};
