import type { LinkKind } from '@pc/contract';

/** What the page a link's client lands on says. */
export const linkTexts = {
  titles: {
    waba: 'Connect your WhatsApp number',
    migration: 'Migrate your WhatsApp number',
    ads: 'Connect Meta Ads',
    catalog: 'Connect your catalog',
  } satisfies Record<LinkKind, string>,
  invalid: 'This link is invalid or has expired. Ask for a new link.',
  used: 'This link has already been used. Ask for a new link to connect again.',
  cancelled: 'You cancelled on Facebook, so nothing was connected. Open the link again to connect.',
  closed: 'Connecting through Facebook is not available right now. Ask your provider.',
  refused: 'Facebook did not accept the connection. Open the link again to connect.',
  unavailable: 'Facebook could not be reached. Open the link again in a few minutes.',
  grantAll: 'Grant every permission asked for. Open the link again to connect.',
  noWaba: 'No WhatsApp Business Account was shared. Open the link again and choose one.',
  connected: 'Your WhatsApp number is connected. You can close this page.',
  settingUp:
    'Your WhatsApp Business Account is connected. Meta is still setting up the number; your provider will finish it.',
  adsConnected: 'Meta Ads connected. You can close this page.',
  catalogConnected: 'Catalog connected. You can close this page.',
} as const;
