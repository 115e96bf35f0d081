/**
 * /preview has no menu entry and no description in the spec (doc 1: "/preview (no menu entry)"). Ours:
 * the partner's brand as its clients and team meet it before signing in (the browser tab, the sign-in
 * page, the loading image), which a signed-in partner cannot otherwise see without signing out, and
 * what of the brand is set and where it is changed. Reached from the Profile's Brand section.
 */
export const previewTexts = {
  title: 'Preview',
  intro: 'Your brand as your clients and team see it before they sign in.',
  tab: 'Browser tab',
  signIn: 'Sign-in page',
  signInLabel: 'Sign-in page preview',
  loading: 'Loading image',
  loadingNone: 'No loading image set: the console shows its spinner.',
  loadingAlt: 'Loading image',
  checklist: 'Brand settings',
  set: 'Set',
  notSet: 'Not set',
  brandName: 'Brand name',
  brandNameHint: 'Set by the platform when your account is made.',
  logo: 'Logo',
  favicon: 'Favicon',
  colors: 'Colours',
  loadingGif: 'Loading image',
  editInProfile: 'Edit in Profile',
  editColors: 'Edit in Manage',
  defaultLogo: "The console's own mark shows.",
  defaultFavicon: "The console's own icon shows.",
  defaultColors: "The console's own colours show.",
  defaultLoading: "The console's own spinner shows.",
} as const;
