/** Profile labels the spec describes without exact words; ours. */
export const profileTexts = {
  title: 'Profile',
  details: 'Your details',
  brand: 'Brand',
  preview: 'See your brand as your clients do',
  password: 'Change Password',
  passwordHint: 'Choose Edit to change your password.',
  name: 'Name',
  email: 'Email',
  faviconUrl: 'Favicon URL',
  brandLogoUrl: 'Brand Logo URL',
  webhookUrl: 'Webhook URL',
  loadingGifUrl: 'Loading Gif URL',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
} as const;
