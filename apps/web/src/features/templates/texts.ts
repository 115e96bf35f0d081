/**
 * Texts of the Template messages screens that the spec does not word (labels, titles, helpers):
 * ours, kept once here. The spec's own texts are the contract's `templateMessages`.
 */
export const templateTexts = {
  pageTitle: (project: string) => `Template Messages : ${project}`,
  back: 'Back',
  search: 'Search template name',
  clearSearch: 'Clear search',
  filter: 'Filter',
  syncTemplates: 'Sync Templates',
  createNew: 'Create New Template',
  tableLabel: 'Templates',
  noRows: 'No templates yet',
  loadFailed: 'Templates could not be loaded.',
  columns: {
    project: 'Project Name',
    createdAt: 'Created At',
    name: 'Template Name',
    status: 'Status',
    rejectedReason: 'Rejected Reason',
    action: 'Action',
  },
  preview: 'Preview',
  previewOf: (name: string) => `Preview ${name}`,
  editDraft: 'Edit draft',
  editDraftOf: (name: string) => `Edit draft ${name || '(untitled)'}`,
  close: 'Close',
  untitled: '(untitled)',
  recategorised: (from: string, to: string) => `${from} → ${to}`,
  recategorisedPrice: (to: string, from: string, country: string) =>
    `Now ${to} per conversation in ${country} (was ${from})`,
  recategorisedNotice: (from: string, to: string, on: string) =>
    `Meta moved this template from ${from} to ${to}${on ? ` on ${on}` : ''}.`,
  recategorisedNoticePrice: (to: string, from: string, country: string) =>
    ` It is now charged ${to} per conversation in ${country} instead of ${from}.`,

  // What Meta's template webhooks said beyond the status (the detail's notices, the list's chips).
  meta: {
    rejectedTitle: 'Meta rejected this template',
    reason: 'Reason',
    recommendation: 'Recommendation',
    paused: 'Paused by Meta',
    /** A pause's kind (Meta's other_info title); a title not listed here is shown as Meta wrote it. */
    pauseKinds: {
      FIRST_PAUSE: 'Paused for 3 hours (first pause)',
      SECOND_PAUSE: 'Paused for 6 hours (second pause)',
      RATE_LIMITING_PAUSE: 'Paused by Meta’s rate limiting',
      UNPAUSE: 'Unpaused',
      DISABLED: 'Disabled after repeated pauses',
    } as Record<string, string>,
    pausedText: 'Messages with this template are refused until the pause ends.',
    disabled: (on: string) => (on ? `Disabled by Meta on ${on}` : 'Disabled by Meta'),
    disabledText: 'It can no longer be sent.',
    atRisk: 'At risk',
    atRiskText: (on: string) =>
      `Meta received negative feedback on this template${on ? ` (flagged on ${on})` : ''}. It can still be sent, but Meta may pause or disable it.`,
    locked: 'Locked by Meta: it cannot be edited',
    lockedSince: (on: string) => `Since ${on}.`,
    quality: 'Quality Rating',
    qualities: { GREEN: 'High', YELLOW: 'Medium', RED: 'Low', UNKNOWN: 'Quality pending' },
    qualityHelp: 'Meta’s quality rating of this template, from how its recipients respond to it',
    upcoming: (to: string, at: string) => `Meta will move this template to ${to} on ${at}`,
    upcomingPrice: (country: string, to: string, from: string) =>
      `: a conversation it opens in ${country} will cost ${to} instead of ${from}`,
    upcomingChip: (to: string, on: string) => `→ ${to} on ${on}`,
  },

  // Detail screen.
  detailTitle: 'Template Details',
  detailLoadFailed: 'The template could not be loaded.',
  fields: {
    status: 'Status',
    failureReason: 'Failure Reason',
    name: 'Name',
    category: 'Category',
    language: 'Language',
    type: 'Type',
    header: 'Header',
    format: 'Format',
    footer: 'Footer',
    sampleMessage: 'Sample Message',
    sampleCtaUrl: 'Sample CTA URL',
    sampleMediaUrl: 'Sample Media URL',
    buttons: 'Buttons',
    otpButton: 'One-time Password Button',
    codeExpiry: 'Code Expiry',
    securityRecommendation: 'Security Recommendation',
    supportedApps: 'Android Apps',
    createdAt: 'Created At',
  },
  none: '-',
  yes: 'Yes',
  no: 'No',
  minutes: (n: number) => `${n} minutes`,
  noExpiry: 'No expiry',
  app: (packageName: string, signatureHash: string) => `${packageName} (signature hash ${signatureHash})`,

  // Create dialog.
  createTitle: 'Create Template',
  draftTitle: 'Edit Draft Template',
  samples: 'Sample Values',
  category: 'Category',
  language: 'Language',
  noLanguage: 'No language found',
  name: 'Template Name',
  nameHelper: 'Lower case letters, numbers and underscores',
  type: 'Type',
  headerText: 'Header Text',
  headerHelper: 'Optional, at most 60 characters',
  format: 'Format',
  formatHelper:
    'Use {{1}}, {{2}} ... for variables; they are numbered in order. Style with *bold*, _italic_ and ~strikethrough~.',
  addVariable: 'Add variable',
  sampleValue: (n: number) => `Sample value {{${n}}}`,
  noVariables: 'Add a variable to the format to give its sample value.',
  footerText: 'Footer Text',
  footerHelper: 'Optional, at most 60 characters',
  interactiveActions: 'Interactive Actions',
  buttonType: (n: number) => `Button ${n} type`,
  buttonTitle: (n: number) => `Button ${n} title`,
  buttonCountryCode: (n: number) => `Button ${n} country code`,
  buttonPhone: (n: number) => `Button ${n} phone number`,
  buttonUrl: (n: number) => `Button ${n} URL`,
  buttonUrlHelper: 'May end with {{1}} for a dynamic link',
  removeButton: (n: number) => `Remove button ${n}`,
  addButton: 'Add button',
  quickReply: (n: number) => `Quick reply ${n}`,
  removeQuickReply: (n: number) => `Remove reply ${n}`,
  addQuickReply: 'Add quick reply',
  sampleCtaUrl: 'Sample CTA URL',
  sampleCtaUrlHelper: 'The button URL with {{1}} filled in',
  clickTracking: 'Click tracking',
  sampleMediaUrl: 'Sample Media URL',
  sampleMediaHelper: 'Upload a file or paste a public link',
  uploadMedia: 'Upload sample media',
  uploading: 'Uploading sample media',
  uploadFailed: 'The file could not be uploaded.',
  fileTooBig: (mb: number) => `The file can be at most ${mb} MB.`,
  livePreview: 'Live preview',

  // Create dialog, an AUTHENTICATION template (Meta's copy code, one-tap and zero-tap pages).
  authenticationType: 'Text only: Meta writes authentication messages',
  authenticationIntro:
    'Meta writes the message in the template’s language: the code, then the sentences chosen here. You choose how the code reaches the user.',
  securityRecommendation: 'Add security recommendation',
  securityRecommendationHelper: (sentence: string) => `Adds “${sentence}”`,
  codeExpiry: 'Code expires in (minutes)',
  codeExpiryHelper: 'Optional, 1 to 90. Empty: no expiry sentence.',
  otpButton: 'One-time password button',
  otpTypeHelp: {
    COPY_CODE: 'The user copies the code and pastes it into your app.',
    ONE_TAP: 'Android only: one tap fills the code into your app. Other devices show Copy code.',
    ZERO_TAP:
      'Android only: WhatsApp hands the code to your app with no tap. Where it cannot, Autofill or Copy code stands in.',
  },
  copyCodeText: 'Copy code button text',
  autofillText: 'Autofill button text',
  otpTextHelper: (length: number, max: number) => `Optional. Empty: Meta’s text. ${length}/${max}`,
  supportedApps: 'Android apps',
  supportedAppsHelper: (max: number) =>
    `The apps that receive the code (up to ${max}): each app’s package name and its signing key hash.`,
  packageName: (n: number) => `App ${n} package name`,
  packageNameHelper: 'For example com.example.app',
  signatureHash: (n: number) => `App ${n} signature hash`,
  signatureHashHelper: (length: number) => `${length}/11 characters`,
  removeApp: (n: number) => `Remove app ${n}`,
  addApp: 'Add app',
  zeroTapTerms:
    'I understand that our use of zero-tap authentication is subject to the WhatsApp Business Terms of Service, and that it is our responsibility to ensure our customers expect that the code will be automatically filled in on their behalf when they choose to receive the zero-tap code through WhatsApp.',
  authenticationLanguageNote: (language: string) =>
    `Meta writes this message in ${language}; the preview shows Meta’s English (US) text until its own is read back.`,
  lintTitle: 'Meta may refuse or change this template',
  submit: 'Submit',
  discardTemplate: 'Discard Template',
  discardTitle: 'Discard this template?',
  discardText: 'Save it to your drafts to finish it later, or discard what you wrote.',
  discardDraftText: 'Save your changes to the draft, or discard the draft altogether (it is deleted).',
  discard: 'Discard template',
  saveToDraft: 'Save to Draft',
  keepEditing: 'Keep editing',
  draftLoadFailed: 'The draft could not be loaded.',
} as const;

/**
 * Where 'How to fix floating parameter issue?' leads (doc 2 section 8). The partner's profile holds
 * no help address of its own (the console's help centre, HELP_CENTER_URL, is a general FAQ), so
 * Meta's page on template variables.
 */
export const FLOATING_HELP_URL =
  'https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates';
