import type { MetaPricing } from '@pc/contract';
import type { Category } from './price.js';

/**
 * Meta's `pricing` object of a status as charging reads it (Meta's status webhook reference,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status;
 * docs/research/meta-pricing-and-webhooks.md §2). `billable` is being deprecated: Meta says to use
 * `type` and `category` together, so without it a `regular` type is billable and any `free_*` one
 * is not; an object that says neither is not billable.
 */
export type MetaPriced = {
  model: 'CBP' | 'PMP';
  billable: boolean;
  /** The console's category of Meta's; null when Meta names one the console does not know. */
  category: Category | null;
  /** Meta's type, e.g. regular, free_customer_service, free_entry_point. */
  type: string;
};

/** Meta's pricing categories (both spellings of authentication-international, the group ones, Marketing Messages Lite). */
const categories: Record<string, Category> = {
  marketing: 'marketing',
  marketing_lite: 'marketing',
  group_marketing: 'marketing',
  utility: 'utility',
  group_utility: 'utility',
  authentication: 'authentication',
  'authentication-international': 'authentication',
  authentication_international: 'authentication',
  service: 'service',
  group_service: 'service',
  // "Indicates a free entry point conversation": free, billed as nothing.
  referral_conversion: 'service',
};

export const readMetaPricing = (p: MetaPricing): MetaPriced => {
  const type = (p.type ?? '').trim().toLowerCase();
  const billable = p.billable ?? type === 'regular';
  return {
    model: p.pricing_model.trim().toUpperCase() === 'CBP' ? 'CBP' : 'PMP',
    billable,
    category: categories[p.category.trim().toLowerCase()] ?? null,
    type: type || (billable ? 'regular' : 'free'),
  };
};
