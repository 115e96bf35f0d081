import type { WccChargeType } from '@pc/contract';

/**
 * Ours: Plan Details labels the spec describes without exact words. The spec's own texts (titles,
 * 'Bulk update margin', the section-8 messages) are `pricingTexts` in the contract.
 */
export const planDetailsTexts = {
  title: 'Plan Details',
  create: 'Create',
  columns: { name: 'Name', createdAt: 'Created At', actions: 'Actions' },
  view: (name: string) => `View ${name}`,
  edit: (name: string) => `Edit ${name}`,
  empty: {
    subscription: 'No plan families yet.',
    wcc: 'No WCC families yet.',
    payments: 'No WhatsApp Payments plan families yet.',
  },
  loadFailed: {
    subscription: 'Cannot fetch plan families',
    wcc: 'Cannot fetch WCC families',
    payments: 'Cannot fetch WhatsApp Payments plan families',
  },
  steps: ['Pricing Details', 'Family Name'] as const,
  familyName: 'Family Name',
  cancel: 'Cancel',
  back: 'Back',
  next: 'Next',
  close: 'Close',
  save: 'Save',
  plan: 'Plan',
  slab: 'Slab',
  slabFrom: (amount: string) => `From ${amount}`,
  providerPrice: 'Provider Price',
  margin: 'Margin',
  partnerPrice: 'Partner Platform Price',
  marginOf: (what: string) => `Margin of ${what}`,
  country: 'Country',
  restOfWorld: 'Rest of world',
  wccLegend: (currency: string) =>
    `Margins in ${currency}. Under each margin: the provider price → the partner platform price.`,
  scrollHint: 'Scroll sideways for every column.',
  percentage: 'Percentage',
  customValue: 'Custom Value',
  bulkMode: 'Margin as',
  bulkValue: (mode: 'percentage' | 'custom', currency: string) =>
    mode === 'percentage' ? 'Percentage of the provider price' : `Amount in ${currency}`,
  bulkTypes: 'Apply to',
  apply: 'Apply',
  bulkApplied: 'Margins set for every country. Save to keep them.',
  notPriced: '—',
} as const;

/** The WCC grid's columns, in the order the spec lists the charges. */
export const wccColumns: readonly { type: WccChargeType; label: string }[] = [
  { type: 'mc', label: 'Marketing' },
  { type: 'sc', label: 'Service' },
  { type: 'uc', label: 'Utility' },
  { type: 'ac', label: 'Authentication' },
  { type: 'bic', label: 'Business Initiated' },
  { type: 'uic', label: 'User Initiated' },
];

export const chargeLabel = (type: WccChargeType): string => wccColumns.find((c) => c.type === type)?.label ?? type;
