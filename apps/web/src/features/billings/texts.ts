/** Texts of the Billings pages the spec does not give (its own words are in the contract's billingTexts). */
export const billingsPageTexts = {
  filter: 'Filter',
  billingReport: 'Billing Report',
  downloadBillingReport: 'Download Billing Report',
  conversationReport: 'Conversation Report',
  downloadConversationReport: 'Download Conversation Report',
  columns: ['Business Name', 'Project Name', 'Message', 'Reason Code', 'Amount', 'Created On'] as const,
  noRows: 'No billing logs',
  back: 'Back',
  projectName: 'Project Name',
  action: 'ACTION',
  amount: 'AMOUNT',
  invoice: 'INVOICE',
  download: 'Download',
  paymentId: 'PAYMENT ID',
  orderId: 'ORDER ID',
  reasonCode: 'REASON CODE',
  message: 'MESSAGE',
  createdAt: 'Created At',
  /** The member who moved the money, under the entry's message; the detail's field. */
  by: (name: string) => `by ${name}`,
  byMember: 'BY',
  notFound: 'This billing entry could not be loaded.',
} as const;

export const BILLING_PAGE_SIZE = 10;
