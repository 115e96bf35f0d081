/** How the tenant floor holds for the projects list (tested in tenant-isolation-project-list.test.ts). */
export const floor: Record<string, string> = {
  'POST /api/project-lists': "the session's partner's projects only; foreign business ids in the body: 404",
  'POST /api/partner-referral-project-lists':
    "the session's referral user's businesses only; partnerReferralId ignored",
  'POST /api/project-counts': "counts of the session's partner only; foreign business ids in the body: 404",
  'POST /api/partner-referral-project-counts':
    "the session's referral user's businesses only; partnerReferralId ignored",
  'POST /partner/:partnerId/projects-report':
    "a foreign partner id in the path: 404 (path-partner.test.ts); the session's partner's rows; foreign business ids: 404",
};
