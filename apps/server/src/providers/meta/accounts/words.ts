import { z } from 'zod';
import { connectionEvents, type ConnectionEvent } from '@pc/contract';

/**
 * What Meta's account and number webhooks say, read from their wire format into the console's
 * words. The shapes are Meta's webhooks reference (developers.facebook.com/documentation/
 * business-messaging/whatsapp/webhooks/reference/<field>): account_update (Dec 2025),
 * phone_number_quality_update and business_capability_update (May 2026), phone_number_name_update,
 * account_review_update (Oct 2025), account_alerts. Read loosely: Meta adds values and fields, and
 * a word the console cannot read is kept raw by the caller, never refused.
 */

export const ACCOUNT_FIELDS = [
  'account_update',
  'phone_number_quality_update',
  'phone_number_name_update',
  'account_review_update',
  'business_capability_update',
  'account_alerts',
] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];
export const isAccountField = (field: string): field is AccountField =>
  (ACCOUNT_FIELDS as readonly string[]).includes(field);

export type AccountWord =
  /** DISABLED_UPDATE: DISABLE, REINSTATE or SCHEDULE_FOR_DISABLE, and Meta's date as it writes it. */
  | { kind: 'ban'; state: string; date: Date | null }
  | { kind: 'violation'; type: string }
  | { kind: 'connection'; event: ConnectionEvent; ownerBusinessId: string | null }
  /** The business portfolio's messaging limit (a TIER_ name), and Meta's event for the number. */
  | { kind: 'limit'; phone: string; event: string; limit: string | null }
  | { kind: 'name'; phone: string; decision: string; requestedName: string | null; rejectionReason: string | null }
  | { kind: 'review'; decision: string }
  /**
   * VOLUME_BASED_PRICING_TIER_UPDATE: the business portfolio reached a volume tier for a category
   * in a market (the country Meta's region names, or null for a region of several countries), from
   * its first message `from` (the tier's lower bound) in `month` ('YYYY-MM').
   */
  | { kind: 'volumeTier'; category: string; market: string | null; from: number; month: string; at: Date | null }
  | { kind: 'capability'; limit: string | null; maxPhoneNumbers: number | null }
  | {
      kind: 'alert';
      entityType: string;
      entityId: string;
      severity: string;
      status: string;
      type: string;
      description: string;
    };

/** One change of a delivery as the console reads it: whose account (the WABA) and what was said. */
export type AccountChange = { wabaId: string; field: AccountField; word: AccountWord };

/** Meta's ids are digits; the sandbox's accounts are its projects' own ids (hex). */
const ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const id = z.union([z.string().regex(ID_PATTERN), z.number().int().nonnegative()]).transform(String);
const text = (max = 200) => z.string().trim().min(1).max(max);
const upper = (max = 100) => text(max).transform((s) => s.toUpperCase());

/**
 * A messaging limit in any of the forms Meta's pages give it: TIER_250 … TIER_UNLIMITED, or the
 * number of business-initiated conversations a day (2000, -1 for unlimited), or UNLIMITED.
 */
const TIER_OF_COUNT: Record<string, string> = {
  '50': 'TIER_50',
  '250': 'TIER_250',
  '1000': 'TIER_1K',
  '2000': 'TIER_2K',
  '10000': 'TIER_10K',
  '100000': 'TIER_100K',
  '-1': 'TIER_UNLIMITED',
};
export const tierOf = (value: unknown): string | null => {
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value.trim())))
    return TIER_OF_COUNT[String(value).trim()] ?? null;
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (v === 'UNLIMITED') return 'TIER_UNLIMITED';
  if (v === 'TIER_NOT_SET') return null;
  return /^TIER_[0-9A-Z]{1,12}$/.test(v) ? v : null;
};

/** Meta writes the ban date as text ("April 17, 2025"); an unreadable one is no date. */
const dateOf = (value: string | undefined): Date | null => {
  if (!value) return null;
  const t = Date.parse(`${value} UTC`);
  return Number.isNaN(t) ? null : new Date(t);
};

const digits = (s: string) => s.replace(/\D/g, '');

const AccountUpdate = z.object({
  event: upper(),
  ban_info: z.object({ waba_ban_state: upper(), waba_ban_date: z.string().max(100).optional() }).optional(),
  violation_info: z.object({ violation_type: text() }).optional(),
  waba_info: z.object({ waba_id: id.optional(), owner_business_id: id.optional() }).loose().optional(),
  volume_tier_info: z
    .object({
      tier_update_time: z.number().int().nonnegative().optional(),
      pricing_category: upper(60),
      tier: z.string().regex(/^\d{1,12}:(\d{1,12}|MAX)$/i),
      effective_month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
      region: text(100),
    })
    .optional(),
});

/** Meta names a market by its English name ("India"); the console's catalogue by ISO code. */
let codesByName: Map<string, string> | undefined;
const marketOf = (region: string): string | null => {
  if (!codesByName) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    codesByName = new Map();
    for (let a = 65; a <= 90; a++)
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = names.of(code);
        if (name && name !== code) codesByName.set(name.toLowerCase(), code);
      }
  }
  return codesByName.get(region.trim().toLowerCase()) ?? null;
};
const QualityUpdate = z.object({
  display_phone_number: text(30),
  event: upper(),
  current_limit: z.unknown().optional(),
  max_daily_conversations_per_business: z.unknown().optional(),
});
const NameUpdate = z.object({
  display_phone_number: text(30),
  decision: upper(),
  requested_verified_name: z.string().max(500).nullish(),
  rejection_reason: z.string().max(200).nullish(),
});
const ReviewUpdate = z.object({ decision: upper() });
const CapabilityUpdate = z.object({
  max_daily_conversations_per_business: z.unknown().optional(),
  max_daily_conversation_per_phone: z.unknown().optional(),
  max_phone_numbers_per_business: z.number().int().optional(),
  max_phone_numbers_per_waba: z.number().int().optional(),
});
const Alerts = z.object({
  entity_type: upper(),
  entity_id: id,
  alert_info: z.object({
    alert_severity: upper(),
    alert_status: upper(),
    alert_type: upper(),
    alert_description: z.string().max(2000).default(''),
  }),
});

/** The console's word for one change, or null when its value is not a shape Meta documents. */
export const wordOf = (field: AccountField, value: unknown): AccountWord | null => {
  switch (field) {
    case 'account_update': {
      const v = AccountUpdate.safeParse(value).data;
      if (!v) return null;
      if (v.event === 'DISABLED_UPDATE')
        return v.ban_info
          ? { kind: 'ban', state: v.ban_info.waba_ban_state, date: dateOf(v.ban_info.waba_ban_date) }
          : null;
      if (v.event === 'VOLUME_BASED_PRICING_TIER_UPDATE') {
        const info = v.volume_tier_info;
        if (!info) return null;
        const time = info.tier_update_time;
        return {
          kind: 'volumeTier',
          category: info.pricing_category,
          market: marketOf(info.region),
          from: Number(info.tier.split(':')[0]),
          month: info.effective_month,
          at: time ? new Date(time * 1000) : null,
        };
      }
      if (v.event === 'ACCOUNT_VIOLATION')
        return v.violation_info ? { kind: 'violation', type: v.violation_info.violation_type } : null;
      const connection = connectionEvents.find((e) => e === v.event);
      return connection
        ? { kind: 'connection', event: connection, ownerBusinessId: v.waba_info?.owner_business_id ?? null }
        : null;
    }
    case 'phone_number_quality_update': {
      const v = QualityUpdate.safeParse(value).data;
      if (!v) return null;
      // The portfolio's limit (since October 2025), else the number's (until February 2026).
      const limit = tierOf(v.max_daily_conversations_per_business) ?? tierOf(v.current_limit);
      return { kind: 'limit', phone: digits(v.display_phone_number), event: v.event, limit };
    }
    case 'phone_number_name_update': {
      const v = NameUpdate.safeParse(value).data;
      if (!v) return null;
      return {
        kind: 'name',
        phone: digits(v.display_phone_number),
        decision: v.decision,
        requestedName: v.requested_verified_name?.trim() || null,
        rejectionReason: v.rejection_reason?.trim() || null,
      };
    }
    case 'account_review_update': {
      const v = ReviewUpdate.safeParse(value).data;
      return v ? { kind: 'review', decision: v.decision } : null;
    }
    case 'business_capability_update': {
      const v = CapabilityUpdate.safeParse(value).data;
      if (!v) return null;
      const limit = tierOf(v.max_daily_conversations_per_business) ?? tierOf(v.max_daily_conversation_per_phone);
      const maxPhoneNumbers = v.max_phone_numbers_per_waba ?? v.max_phone_numbers_per_business ?? null;
      return limit === null && maxPhoneNumbers === null ? null : { kind: 'capability', limit, maxPhoneNumbers };
    }
    case 'account_alerts': {
      const v = Alerts.safeParse(value).data;
      if (!v) return null;
      return {
        kind: 'alert',
        entityType: v.entity_type,
        entityId: v.entity_id,
        severity: v.alert_info.alert_severity,
        status: v.alert_info.alert_status,
        type: v.alert_info.alert_type,
        description: v.alert_info.alert_description,
      };
    }
  }
};

/**
 * The WhatsApp Business Account a change is about: the entry's id, except for the PARTNER_* events,
 * whose entry is the partner's business portfolio and whose account is `waba_info.waba_id`.
 */
export const wabaOf = (entryId: string, value: unknown): string | null => {
  const wabaInfo = AccountUpdate.shape.waba_info.safeParse((value as { waba_info?: unknown } | null)?.waba_info);
  return wabaInfo.data?.waba_id ?? (ID_PATTERN.test(entryId) ? entryId : null);
};
