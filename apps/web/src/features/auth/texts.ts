/** Texts of the sign-in area the spec does not give; ours. */
export const authTexts = {
  userNameLabel: 'Email or User Name',
  passwordLabel: 'Password',
  forgotPassword: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotHelp: 'Enter the email address of your account and we will send you a link to set a new password.',
  emailLabel: 'Email',
  sendLink: 'Send reset link',
  resetFailedFallback: 'something went wrong, try again',
  setPasswordTitle: 'Set a new password',
  newPasswordLabel: 'New Password',
  confirmPasswordLabel: 'Confirm Password',
  enterPassword: 'Please enter password',
  passwordsDoNotMatch: 'Your passwords donot match',
  savePassword: 'Save password',
  backToSignIn: 'Back to sign in',
} as const;
