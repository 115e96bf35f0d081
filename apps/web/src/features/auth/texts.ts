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
  // The server refused the token mid-use; after signing in the user returns to the page.
  sessionEnded: 'Your session has ended. Sign in again to continue where you were.',
  // A sign-in link (/login?token=) while someone is signed in: it never replaces a session silently.
  linkInvalid: 'This sign-in link is invalid or has expired.',
  linkUnchecked: 'The sign-in link could not be checked. Try it again in a moment.',
  checkingLink: 'Checking the sign-in link...',
  switchTitle: 'Switch account?',
  switchText: (current: string, next: string) => `You are signed in as ${current}. This link signs in as ${next}.`,
  stayAs: (current: string) => `Stay signed in as ${current}`,
  signInAs: (next: string) => `Sign in as ${next}`,
} as const;
