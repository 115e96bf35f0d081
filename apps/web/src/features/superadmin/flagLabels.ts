import type { PartnerFlagName } from '@pc/contract';

/** Short column labels of the partner flags (the contract documents what each one switches). */
export const flagLabels: Record<PartnerFlagName, string> = {
  kyc: 'KYC',
  companyNameEdit: 'Company name edit',
  metaAds: 'Meta Ads',
  transactionsTab: 'Transactions tab',
  pwcLabel: 'PWC label',
  hideMetaAdCreditUpdate: 'Hide Meta Ad credit update',
  migration: 'Migration',
  adsLink: 'Ads link',
  simplifiedBusinessForm: 'Simplified business form',
  bannerExempt: 'Banner exempt',
  titleEditIcon: 'Title edit icon',
  enableMetaAdsWithoutAPI: 'Meta Ads without API',
};
