/** How the tenant floor holds for the Meta Ads calls (tenant-isolation-meta-ads.test.ts). */
export const floor: Record<string, string> = {
  'GET /meta-ads/assistant/:assistantId': 'foreign assistantId: 404',
  'POST /meta-ads/fb-connect': 'foreign assistantId: 404, nothing connected',
  'POST /meta-ads/fb-disconnect': 'foreign assistantId: 404, nothing changed',
  'POST /meta-ads/fetch-pages': 'foreign assistantId: 404 (no pages shown)',
  'POST /meta-ads/fetch-ad-accounts': 'foreign assistantId: 404 (no accounts shown)',
  'POST /meta-ads/select-ad-profile': "foreign assistantId: 404; another user's asset ids: 400",
  'POST /meta-ads/freeze-asset': 'foreign assistantId: 404, nothing frozen',
  'POST /meta-ads/unfreeze-assets': 'foreign assistantId: 404, nothing unfrozen',
  'POST /meta-ads/update-whatsapp-number': 'foreign assistantId: 404, no code sent',
  'POST /meta-ads/updateMetaAdDetails': 'foreign assistantId: 404, nothing saved',
  'POST /meta-ads/assign-meta-page': "foreign assistantId: 404; another user's page: 400",
  'POST /meta-ads/assign-ad-account': "foreign assistantId: 404; another user's account: 400",
  'POST /api/meta-ad-account-counts': "the session's partner's projects only; not allow-listed: 403",
  'POST /api/meta-ad-counts': "the session's partner's ads only; not allow-listed: 403",
  'POST /api/meta-ad-acccount-lists': "the session's partner's projects only; not allow-listed: 403",
  'POST /api/meta-ad-lists': "the session's partner's ads only; not allow-listed: 403",
};
