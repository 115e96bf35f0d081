/** Analytics texts: spec words for presets and the dialog title (doc 3 sections 2 and 9); the rest ours. */
export const analyticsTexts = {
  title: 'Analytics',
  presets: { today: 'Today', yesterday: 'Yesterday', last7: 'Last 7 days', last30: 'Last 30 days' },
  downloadReport: 'Download Report',
  reportDialogTitle: 'Download CSV Report',
  // Ours.
  from: 'From',
  to: 'To',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  received: 'Received',
  receivedHint: 'Users’ messages: service traffic, never charged.',
  messagesPerDay: 'Messages per day',
  country: 'Country',
  allCountries: 'All countries',
  templateCreditUsage: 'Template Credit Usage',
  centralBalanceUsage: 'Central Balance Usage',
  conversations: 'Conversations',
  amount: 'Amount',
  category: 'Category',
  noData: 'No messages in this range.',
  pickBoth: 'Pick both days to apply the range',
  businessInitiated: 'Business initiated',
  userInitiated: 'User initiated',
} as const;

export const reportFileName = (from: string, to: string) => `Analytics_Report_${from}_to_${to}.csv`;
