/** The demo's public sign-ins (README), printed at each start on a demo database. */
export type SignIn = { userName: string; password: string; who: string };

export const demoSignIns: SignIn[] = [
  { userName: 'owner', password: 'Owner@123', who: 'OWNER of Acme Messaging (WHITELABEL, INR, every feature on)' },
  { userName: 'agent', password: 'Agent@123', who: 'agent of Acme Messaging with the read-only role "Viewer"' },
  { userName: 'direct', password: 'Direct@123', who: 'OWNER of Direct Retail (DIRECT, INR)' },
  { userName: 'ads', password: 'Ads@123', who: 'OWNER of AdsWorks (ADS_WHITELABEL, USD)' },
  { userName: 'referral', password: 'Referral@123', who: 'referral user of Growth Referrals' },
  { userName: 'admin', password: 'Admin@123', who: 'platform super-admin' },
];
