import type { MetaPricing } from '@pc/contract';

/**
 * Meta's account and number webhooks, and the statuses of the messages a number sent, exactly as its
 * reference pages show them, with the ids and times made parameters (the sandbox sends the account
 * ones; the tests post them all). Each names its page, under
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/.
 */

const envelope = (entryId: string, time: number, field: string, value: unknown) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: entryId, time, changes: [{ value, field }] }],
});

/** account_update (Updated Dec 5, 2025): "DISABLED_UPDATE", ban_info with Meta's date as text. */
export const disabledUpdate = (wabaId: string, time: number, state: string, date = 'April 17, 2025') =>
  envelope(wabaId, time, 'account_update', {
    event: 'DISABLED_UPDATE',
    ban_info: { waba_ban_state: state, waba_ban_date: date },
  });

/** account_update: "ACCOUNT_VIOLATION" (the page's example type is ADULT). */
export const accountViolation = (wabaId: string, time: number, violationType = 'ADULT') =>
  envelope(wabaId, time, 'account_update', {
    event: 'ACCOUNT_VIOLATION',
    violation_info: { violation_type: violationType },
  });

/**
 * account_update: "VOLUME_BASED_PRICING_TIER_UPDATE" (since 1 October 2025; the page's example:
 * UTILITY, tier "25000001:50000000", effective_month "2025-11", region "India"). `tier` is the new
 * tier's lower and upper bound; Meta may send the same switch twice.
 */
export const volumeTierUpdate = (
  wabaId: string,
  time: number,
  tier = '25000001:50000000',
  effectiveMonth = '2025-11',
  pricingCategory = 'UTILITY',
  region = 'India',
) =>
  envelope(wabaId, time, 'account_update', {
    volume_tier_info: {
      tier_update_time: time,
      pricing_category: pricingCategory,
      tier,
      effective_month: effectiveMonth,
      region,
    },
    event: 'VOLUME_BASED_PRICING_TIER_UPDATE',
  });

/** account_update: "ACCOUNT_DELETED". */
export const accountDeleted = (wabaId: string, time: number) =>
  envelope(wabaId, time, 'account_update', { event: 'ACCOUNT_DELETED' });

/**
 * account_update PARTNER_ADDED (and PARTNER_APP_INSTALLED, PARTNER_APP_UNINSTALLED,
 * PARTNER_REMOVED): the entry is the partner's business portfolio, the client's account in waba_info.
 * The page's own PARTNER_APP_* examples misplace `field`; this is the envelope every other
 * example and the webhooks overview use.
 */
export const partnerEvent = (
  event: 'PARTNER_ADDED' | 'PARTNER_APP_INSTALLED' | 'PARTNER_APP_UNINSTALLED' | 'PARTNER_REMOVED',
  partnerBusinessId: string,
  time: number,
  waba: { wabaId: string; ownerBusinessId: string; partnerAppId?: string },
) =>
  envelope(partnerBusinessId, time, 'account_update', {
    event,
    waba_info: {
      waba_id: waba.wabaId,
      owner_business_id: waba.ownerBusinessId,
      ...(waba.partnerAppId ? { partner_app_id: waba.partnerAppId } : {}),
    },
  });

/**
 * phone_number_quality_update (Updated May 21, 2026): the business portfolio's limit in
 * max_daily_conversations_per_business; current_limit until February 2026.
 */
export const qualityUpdate = (
  wabaId: string,
  time: number,
  displayPhoneNumber: string,
  event: string,
  limit: { current_limit?: string; max_daily_conversations_per_business?: string | number },
) =>
  envelope(wabaId, time, 'phone_number_quality_update', { display_phone_number: displayPhoneNumber, event, ...limit });

/** phone_number_name_update (Updated Oct 22, 2025). */
export const nameUpdate = (
  wabaId: string,
  time: number,
  displayPhoneNumber: string,
  decision: string,
  requestedName: string,
  rejectionReason: string | null = null,
) =>
  envelope(wabaId, time, 'phone_number_name_update', {
    display_phone_number: displayPhoneNumber,
    decision,
    requested_verified_name: requestedName,
    rejection_reason: rejectionReason,
  });

/** account_review_update (Updated Oct 22, 2025). */
export const reviewUpdate = (wabaId: string, time: number, decision: string) =>
  envelope(wabaId, time, 'account_review_update', { decision });

/** business_capability_update (Updated May 21, 2026): the page's example sends the limit as the number 2000. */
export const capabilityUpdate = (wabaId: string, time: number, maxPerBusiness: number | string, maxPerWaba = 25) =>
  envelope(wabaId, time, 'business_capability_update', {
    max_daily_conversations_per_business: maxPerBusiness,
    max_phone_numbers_per_waba: maxPerWaba,
  });

/** account_alerts: the alert's fields under alert_info. */
export const accountAlert = (
  wabaId: string,
  time: number,
  alert: { entityType?: string; entityId: string; severity: string; status: string; type: string; description: string },
) =>
  envelope(wabaId, time, 'account_alerts', {
    entity_type: alert.entityType ?? 'BUSINESS',
    entity_id: alert.entityId,
    alert_info: {
      alert_severity: alert.severity,
      alert_status: alert.status,
      alert_type: alert.type,
      alert_description: alert.description,
    },
  });

/**
 * Meta's `pricing` object as the pricing page prints it ("Billable"): the message is charged at the
 * category's rate. https://developers.facebook.com/documentation/business-messaging/whatsapp/pricing
 */
export const billablePricing = (category: string) => ({
  billable: true,
  pricing_model: 'PMP',
  type: 'regular',
  category,
});

/**
 * The pricing page's free snippets: a non-template message (`service`) or, until 30 September 2026,
 * a utility template in the user's open customer service window.
 */
export const freeCustomerServicePricing = (category: string) => ({
  billable: false,
  pricing_model: 'PMP',
  type: 'free_customer_service',
  category,
});

/** A status of a message the business number sent, as the status reference names its fields. */
export type MetaMessageStatus = {
  id: string;
  status: string;
  at: Date;
  recipientId: string;
  callbackData?: string;
  pricing?: MetaPricing;
  errors?: unknown[];
};

/** Meta's example number: its WhatsApp Business Account, display number and phone number id. */
const EXAMPLE_NUMBER = {
  wabaId: '102290129340398',
  displayPhoneNumber: '15550783881',
  phoneNumberId: '106540352242922',
};

/**
 * messages, its `statuses` (Status messages webhook reference, Updated Sep 14, 2026; examples in
 * docs/research/meta-pricing-and-webhooks.md §2.1 and §2.5): `timestamp` is Unix seconds as text;
 * `biz_opaque_callback_data`, `pricing` and `errors` only when the status has them. No `conversation`
 * object (omitted from v24.0), and no `time` on the entry, which Meta's examples of this field lack.
 */
export const messageStatuses = (statuses: MetaMessageStatus[], number = EXAMPLE_NUMBER) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: number.wabaId,
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
            statuses: statuses.map((s) => ({
              id: s.id,
              status: s.status,
              timestamp: String(Math.floor(s.at.getTime() / 1000)),
              recipient_id: s.recipientId,
              ...(s.callbackData !== undefined ? { biz_opaque_callback_data: s.callbackData } : {}),
              ...(s.pricing ? { pricing: s.pricing } : {}),
              ...(s.errors ? { errors: s.errors } : {}),
            })),
          },
          field: 'messages',
        },
      ],
    },
  ],
});
