import { z } from 'zod';

/**
 * What Meta last said about a project's WhatsApp account on its account webhooks, beside the
 * project's own columns (ban state, quality, messaging limit, display name status). Each part is
 * Meta's word as it sent it, with when Meta said it (`at`, the webhook's time): a word older than
 * the one kept is not applied, since Meta retries and reorders its deliveries.
 */
const at = z.string();
/** Meta's account_update events that say whether the client's account is still shared with the app. */
export const connectionEvents = [
  'PARTNER_ADDED',
  'PARTNER_APP_INSTALLED',
  'PARTNER_APP_UNINSTALLED',
  'PARTNER_REMOVED',
  'ACCOUNT_DELETED',
  'ACCOUNT_OFFBOARDED',
  'ACCOUNT_RECONNECTED',
] as const;
export type ConnectionEvent = (typeof connectionEvents)[number];
export const MetaAccountState = z.object({
  /** Whether the client's account is still shared with the platform's app (account_update). */
  connection: z
    .object({
      event: z.enum(connectionEvents),
      at,
    })
    .optional(),
  violation: z.object({ type: z.string(), at }).optional(),
  review: z.object({ decision: z.string(), at }).optional(),
  /** The display name Meta ruled on, and why it refused it (phone_number_name_update). */
  name: z
    .object({ decision: z.string(), requestedName: z.string().nullable(), rejectionReason: z.string().nullable(), at })
    .optional(),
  /** The business portfolio's messaging limit and phone-number cap (business_capability_update). */
  capability: z.object({ limit: z.string().nullable(), maxPhoneNumbers: z.number().nullable(), at }).optional(),
  /** Meta's active alerts on the account, its business or its number, by type (account_alerts). */
  alerts: z
    .array(z.object({ type: z.string(), severity: z.string(), entityType: z.string(), description: z.string(), at }))
    .optional(),
});
export type MetaAccountState = z.infer<typeof MetaAccountState>;

export type AccountNotice = { severity: 'error' | 'warning' | 'info'; title: string; text: string };

const VIOLATION_HELP =
  'Meta found content against its WhatsApp policies. Review the templates and messages this project sends; repeated violations lead to a ban.';

/**
 * What the project page says about the account beyond the spec's DISABLED card: ours, as the
 * spec is silent. Most severe first; nothing when all is well.
 */
export const accountNotices = (s: MetaAccountState): AccountNotice[] => {
  const out: AccountNotice[] = [];
  const c = s.connection?.event;
  if (c === 'PARTNER_APP_UNINSTALLED' || c === 'PARTNER_REMOVED')
    out.push({
      severity: 'error',
      title: 'Disconnected from Meta',
      text: 'The client removed the platform from its WhatsApp Business Account, so nothing can be sent or received. Send the client the WABA link (Setup) to connect it again.',
    });
  if (c === 'ACCOUNT_DELETED')
    out.push({
      severity: 'error',
      title: 'WhatsApp account deleted',
      text: 'Meta deleted this WhatsApp Business Account. The client must sign up again with a new account.',
    });
  if (c === 'ACCOUNT_OFFBOARDED')
    out.push({
      severity: 'warning',
      title: 'Offboarded by Meta',
      text: 'Meta offboarded this number from the platform. The client can reconnect it through the WABA link.',
    });
  if (s.violation)
    out.push({ severity: 'warning', title: `Policy violation: ${s.violation.type}`, text: VIOLATION_HELP });
  if (s.review?.decision === 'REJECTED')
    out.push({
      severity: 'error',
      title: 'Account review rejected',
      text: 'Meta rejected the review of this WhatsApp Business Account: messages cannot be sent until the client appeals in WhatsApp Manager.',
    });
  if (s.name?.decision === 'REJECTED')
    out.push({
      severity: 'warning',
      title: `Display name rejected${s.name.requestedName ? `: ${s.name.requestedName}` : ''}`,
      text: `Meta refused the display name${s.name.rejectionReason ? ` (${s.name.rejectionReason})` : ''}. Choose a name that matches the business and request it again.`,
    });
  for (const a of s.alerts ?? [])
    out.push({
      severity: a.severity === 'CRITICAL' ? 'error' : a.severity === 'WARNING' ? 'warning' : 'info',
      title: `Meta alert: ${a.type}`,
      text: a.description,
    });
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return out.toSorted((a, b) => rank[a.severity] - rank[b.severity]);
};
