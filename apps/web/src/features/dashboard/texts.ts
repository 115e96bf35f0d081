/** Dashboard texts and links the spec does not give; ours. */
export const dashboardTexts = {
  helpCenter: 'Help Center',
  referralTitle: 'Your referral link',
  referralHelp: 'Share this link: businesses that sign up through it are added to your account.',
  referralLabel: 'Referral Link',
  copyLink: 'Copy Link',
  comingSoon: 'Balance, usage and account figures will appear here.',
} as const;
