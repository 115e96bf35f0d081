/**
 * Meta's account and number webhooks exactly as its reference pages show them, with the ids and
 * times made parameters (the sandbox sends these; the tests post them). Each names its page, under
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
