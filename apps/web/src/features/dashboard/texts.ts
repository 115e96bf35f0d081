import { formatCount } from '@pc/contract';

/** Dashboard texts. Spec words where it gives them (doc 1 section 2); the rest ours. */
export const dashboardTexts = {
  helpCenter: 'Help Center',
  referralTitle: 'Your referral link',
  referralHelp: 'Share this link: businesses that sign up through it are added to your account.',
  referralLabel: 'Referral Link',
  copyLink: 'Copy Link',
  // Spec words.
  balanceTitle: 'Centralised Balance Management',
  currentBalance: 'Current Balance',
  rechargeNow: 'Recharge Now',
  minBalanceAllowance: 'Min Balance Allowance',
  whatsappAccountLive: 'WhatsApp Account Live',
  apply: 'Apply',
  // Ours.
  usageTitle: 'Usage',
  from: 'From',
  to: 'To',
  balanceUsage: 'Balance Usage',
  templateCreditUsage: 'Template Credit Usage',
  conversations: (n: number) => `${formatCount(n)} conversation${n === 1 ? '' : 's'}`,
  loadFailed: 'Unable to load the figures.',
  analytics: 'Analytics',
} as const;

export const categoryLabels = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
} as const;
