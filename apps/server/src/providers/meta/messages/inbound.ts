import { z } from 'zod';

/**
 * Meta's webhooks of what WhatsApp users do, read loosely like statuses.ts: an entry of an unknown
 * shape is skipped, never refused, since a refused delivery is retried by Meta for days.
 *
 * - Field `messages`, its `messages` array: what users sent to a business number (Meta's "messages"
 *   webhook reference: text, button, interactive, media...). Since April 2026 a user is named by
 *   a business-scoped user id (`from_user_id`, `contacts[].user_id`); the phone (`from`, `wa_id`)
 *   is left out when Meta may not share it. Before Meta's 6 Feb 2026 change it was an empty string
 *   instead: both read as absent.
 * - Field `user_preferences`: a user stopped or resumed the business's marketing messages.
 */

// The project API's recipient shape (a phone number or a BSUID) lives in the contract, which the
// send request is validated with; re-exported for the server's Meta code.
export { isBsuid, Recipient } from '@pc/contract';

export const USER_PREFERENCES_FIELD = 'user_preferences';

/** A message a WhatsApp user sent to a business number. */
export type InboundMessageReport = {
  /** Meta's `wamid.` id. */
  messageId: string;
  /** The business number it came to (`metadata.phone_number_id`): the project's `wabaNumberId`. */
  phoneNumberId: string;
  /** The sender's phone digits, when Meta shares them. */
  from?: string;
  /** The sender's business-scoped user id (BSUID), when given. */
  fromUserId?: string;
  /** The sender's WhatsApp profile name. */
  profileName?: string;
  /** ISO 8601. */
  timestamp: string;
  /** Meta's message type: text, image, button, interactive, ... (`unknown` when Meta gives none). */
  type: string;
  /** What the user wrote or tapped: a text's body, a media caption, a button's or reply's title. */
  text?: string;
  /** The Click-to-WhatsApp ad or post the conversation started from (Meta's `referral`). */
  referral?: { sourceType: string; sourceId?: string; sourceUrl?: string; ctwaClid?: string };
};

/** A user stopping or resuming the business's marketing messages. */
export type UserPreferenceReport = {
  phoneNumberId: string;
  waId?: string;
  userId?: string;
  value: 'stop' | 'resume';
  category: 'marketing_messages';
  /** ISO 8601. */
  timestamp: string;
};

/** A string Meta may leave empty where it means "not given" (its 2025 BSUID design). */
const given = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((s) => (s ? s : undefined));
/** Unix seconds: a string in `messages`, a number in `user_preferences`. */
const UnixSeconds = z
  .union([z.string().regex(/^\d{1,12}$/), z.number().int().nonnegative().max(1e12)])
  .transform((s) => new Date(Number(s) * 1000).toISOString());
/** A part that may be malformed without losing the message: read as absent then. */
const part = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const Titled = z.object({ title: z.string().max(4096) });
const Captioned = z.object({ caption: z.string().max(4096) });
const Referral = z.object({
  source_type: z.string().max(100),
  source_id: given(200),
  source_url: given(2048),
  ctwa_clid: given(1000),
});
const MetaMessage = z.object({
  id: z.string().min(1).max(200),
  from: given(40),
  from_user_id: given(200),
  timestamp: UnixSeconds,
  type: z.string().min(1).max(100).catch('unknown'),
  text: part(z.object({ body: z.string().max(65_536) })),
  button: part(z.object({ text: z.string().max(4096) })),
  interactive: part(z.object({ button_reply: part(Titled), list_reply: part(Titled) })),
  image: part(Captioned),
  video: part(Captioned),
  document: part(Captioned),
  referral: part(Referral),
});
type MetaMessage = z.infer<typeof MetaMessage>;

const Contact = z.object({
  wa_id: given(40),
  user_id: given(200),
  profile: part(z.object({ name: z.string().max(1000) })),
});
const Metadata = z.object({ phone_number_id: z.string().min(1).max(100) });
// No cap on the counts: a larger delivery is taken whole (the body limit bounds its size).
const MessagesValue = z.object({
  metadata: Metadata,
  contacts: z.array(z.unknown()).optional().catch(undefined),
  messages: z.array(z.unknown()),
});

const textOf = (m: MetaMessage): string | undefined =>
  m.text?.body ??
  m.button?.text ??
  m.interactive?.button_reply?.title ??
  m.interactive?.list_reply?.title ??
  (m.image ?? m.video ?? m.document)?.caption;

const digits = (phone: string) => phone.replace(/^\+/, '');

export const inboundMessagesOf = (value: unknown): InboundMessageReport[] => {
  const v = MessagesValue.safeParse(value).data;
  if (!v) return [];
  const contacts = (v.contacts ?? []).flatMap((c) => Contact.safeParse(c).data ?? []);
  const phoneNumberId = v.metadata.phone_number_id;
  return v.messages.flatMap((entry) => {
    const m = MetaMessage.safeParse(entry).data;
    if (!m || (!m.from && !m.from_user_id)) return [];
    const from = m.from ? digits(m.from) : undefined;
    const contact = contacts.find(
      (c) => (from && c.wa_id && digits(c.wa_id) === from) || (m.from_user_id && c.user_id === m.from_user_id),
    );
    const text = textOf(m);
    const r = m.referral;
    const report: InboundMessageReport = {
      messageId: m.id,
      phoneNumberId,
      ...(from ? { from } : {}),
      ...(m.from_user_id ? { fromUserId: m.from_user_id } : {}),
      ...(contact?.profile?.name ? { profileName: contact.profile.name } : {}),
      timestamp: m.timestamp,
      type: m.type,
      ...(text !== undefined ? { text } : {}),
      ...(r
        ? {
            referral: {
              sourceType: r.source_type,
              ...(r.source_id ? { sourceId: r.source_id } : {}),
              ...(r.source_url ? { sourceUrl: r.source_url } : {}),
              ...(r.ctwa_clid ? { ctwaClid: r.ctwa_clid } : {}),
            },
          }
        : {}),
    };
    return [report];
  });
};

const MetaPreference = z.object({
  wa_id: given(40),
  user_id: given(200),
  value: z.enum(['stop', 'resume']),
  category: z.literal('marketing_messages'),
  timestamp: UnixSeconds,
});
const PreferencesValue = z.object({ metadata: Metadata, user_preferences: z.array(z.unknown()) });

export const userPreferencesOf = (value: unknown): UserPreferenceReport[] => {
  const v = PreferencesValue.safeParse(value).data;
  if (!v) return [];
  return v.user_preferences.flatMap((entry) => {
    const p = MetaPreference.safeParse(entry).data;
    if (!p || (!p.wa_id && !p.user_id)) return [];
    return [
      {
        phoneNumberId: v.metadata.phone_number_id,
        ...(p.wa_id ? { waId: digits(p.wa_id) } : {}),
        ...(p.user_id ? { userId: p.user_id } : {}),
        value: p.value,
        category: p.category,
        timestamp: p.timestamp,
      },
    ];
  });
};
