/** The Meta Ads texts: the spec's (doc 3 sections 5, 6 and 8) first, then ours. */
export const metaAdsTexts = {
  connectionFailure: 'Connection Failure!',
  notLive: 'WhatsApp API is not live',
  fallback: 'Something went wrong !!',
  enterOtp: 'Enter OTP !!',
  selectPage: 'Select facebook page !!',
  unableToFetch: 'Unable to fetch data',
  unableToDownload: 'Unable to download report',
  downloaded: 'Report successfully downloaded',
  // Why Connect Facebook is disabled (doc 3 section 6), in the spec's order of checks.
  upgrade: 'Upgrade to new APIs for free to enable this feature',
  pendingSync: 'WhatsApp Business API Pending, Sync Status',
  approveFirst: 'Get WhatsApp Business API approved first',
  purchasePlan: 'Purchase a plan to continue',
  // Ours.
  notAllowed: 'Meta Ads is not enabled for this partner.',
  tabNotAvailable: 'Meta Ads needs the META_ADS add-on active and a plan on this project.',
  unfreezeFirst: 'This asset is frozen: unfreeze it first.',
  notConnected: 'Connect Facebook first.',
  onlyConnectingUser: 'Only the user who connected Facebook can do this.',
  frozenByOther: 'This asset is frozen by the user who connected Facebook: only it can be used.',
  freezeAccountFirst: 'Freeze the ad account before the page.',
  notYourAsset: 'This Facebook user cannot reach that ad account or page.',
  chooseAccountAndPage: 'Choose an ad account and a page.',
  accountInUse:
    'This ad account runs the ads of another project: its spend is debited from that project. Choose another.',
  otpFormat: 'Enter the 4-digit OTP',
  otpSent: 'OTP sent to the WhatsApp number',
  linked: 'WhatsApp number linked to the page',
  budgetInvalid: 'Enter an amount greater than 0',
  budgetSaved: 'Budget updated',
  assigned: 'Assigned',
  disconnected: 'Facebook disconnected',
  connected: 'Facebook connected',
  metaUnavailable: 'Meta did not answer: nothing changed. Try again in a minute.',
  creditRanOut: (project: string) =>
    `The Meta Ads credit of ${project} ran out: its ads are paused at Meta until the credit is topped up.`,
} as const;

/** Each permission the ads login must grant, with the message for it missing (doc 3 sections 5 and 8). */
export const requiredAdsScopes = [
  { scope: 'business_management', missing: 'Provide Business Management permission!' },
  { scope: 'ads_management', missing: 'Provide Ads Management permission!' },
  { scope: 'ads_read', missing: 'Provide Ads Read permission!' },
  { scope: 'pages_show_list', missing: 'Provide Page Read permission!' },
  { scope: 'pages_manage_metadata', missing: 'Provide Page Management permission!' },
] as const;

/** The login's full scope list (doc 3 section 5). */
export const adsLoginScopes = [
  'public_profile',
  'email',
  'ads_read',
  'ads_management',
  'pages_show_list',
  'business_management',
  'pages_manage_metadata',
  'pages_read_engagement',
] as const;

/** The first permission missing from a login, as its message; null when all are granted. */
export const missingAdsScope = (granted: readonly string[]): string | null =>
  requiredAdsScopes.find((s) => !granted.includes(s.scope))?.missing ?? null;
