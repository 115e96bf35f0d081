import { eq } from 'drizzle-orm';
import { formatMoney, ticketKindLabels, type NotificationKind, type TicketKind } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { partners } from '../../platform/db/schema.js';
import { notify } from './notify.js';

/**
 * What each source tells the bell, one function per event, each called in the transaction of the
 * event (docs/notifications.md lists where). The texts are the console's own; where the source
 * also mails the owner, the notification says the same in fewer words.
 */

const projectLink = (projectId: string) => `/assistants/${projectId}`;

/** A warning level of the wallet newly crossed (wallet/thresholds.ts): once per crossing. */
export const notifyWalletLevel = async (
  tx: DbOrTx,
  t: { id: string; partnerId: string; projectId: string | null; kind: string; value: number },
  now: Date,
) => {
  const [partner] = await tx.select({ currency: partners.currency }).from(partners).where(eq(partners.id, t.partnerId));
  const level = t.kind === 'AMOUNT' ? formatMoney(t.value, partner?.currency ?? 'INR') : `${t.value} days of spend`;
  return notify(tx, {
    partnerId: t.partnerId,
    kind: 'WALLET_LEVEL',
    title: t.projectId
      ? "A project's template credit is below your warning level"
      : 'Your central balance is below your warning level',
    body: `${t.projectId ? 'The template credit' : 'The central balance'} went below the warning level you set: ${level}.`,
    link: t.projectId ? `${projectLink(t.projectId)}?tab=billings` : '/wallet',
    dedupeKey: `wallet-level:${t.id}:${now.toISOString()}`,
    at: now,
  });
};

/** A plan renewal the central balance could not pay (renewals/plan-renewals.ts): once per period and outcome. */
export const notifyPlanRenewalFailed = (
  tx: DbOrTx,
  p: { id: string; partnerId: string; name: string },
  outcome: 'unpaid' | 'stopped',
  periodStart: Date,
  now: Date,
) =>
  notify(tx, {
    partnerId: p.partnerId,
    kind: 'RENEWAL_FAILED',
    title: `The plan of ${p.name} could not be renewed`,
    body:
      outcome === 'stopped'
        ? `The central balance could not pay the plan's renewal and the grace days are over: billing of ${p.name} is stopped. Reactivate it from Plan Setup once the balance is recharged.`
        : `The central balance could not pay the plan's renewal: ${p.name} is unpaid until it can. Recharge the central balance.`,
    link: projectLink(p.id),
    dedupeKey: `renewal-failed:${p.id}:${periodStart.toISOString()}:${outcome}`,
    at: now,
  });

/** A partnership fee the central balance could not pay (renewals/partnership.ts): once per renewal date. */
export const notifyPartnershipRenewalFailed = (tx: DbOrTx, partnerId: string, renewalOn: string, now: Date) =>
  notify(tx, {
    partnerId,
    kind: 'RENEWAL_FAILED',
    title: 'Your partnership renewal could not be charged',
    body: `The partnership fee due on ${renewalOn} could not be charged to the central balance. Recharge it so that your services continue without interruption.`,
    link: '/wallet',
    dedupeKey: `partnership-short:${renewalOn}`,
    at: now,
  });

/** A webhook the console disabled (webhooks/delivery): its endpoint is gone or kept failing. */
export const notifyWebhookDisabled = (
  tx: DbOrTx,
  partnerId: string,
  w: { id: string; url: string; projectId: string },
  reason: 'GONE' | 'FAILING',
  now: Date,
) =>
  notify(tx, {
    partnerId,
    kind: 'WEBHOOK_DISABLED',
    title: 'A webhook was disabled',
    body: `The webhook ${w.url} was disabled: ${reason === 'GONE' ? 'its endpoint answered that it is gone (410)' : 'its deliveries kept failing'}. Its pending deliveries failed; enable it again once the endpoint works.`,
    link: `/projects/${w.projectId}/manage/webhooks/${w.id}`,
    dedupeKey: `webhook-disabled:${w.id}:${now.toISOString()}`,
    at: now,
  });

type TemplateNoticeRow = {
  id: string;
  partnerId: string;
  projectId: string;
  name: string;
  language: string;
  status: string;
};

const TEMPLATE_STATUS_KIND = {
  APPROVED: 'TEMPLATE_APPROVED',
  REJECTED: 'TEMPLATE_REJECTED',
  PAUSED: 'TEMPLATE_PAUSED',
  DISABLED: 'TEMPLATE_PAUSED',
} as const;

/**
 * A template's status or category as Meta changed it (templates/meta-word.ts: its webhooks and the
 * sync): approved, rejected, paused or disabled, re-categorised. Other moves are not told.
 */
export const notifyTemplateChange = async (
  tx: DbOrTx,
  row: TemplateNoticeRow,
  change: { status?: string | null; rejectedReason?: string | null } | undefined,
  recategorisedTo: string | null | undefined,
  now: Date,
) => {
  const link = `/projects/${row.projectId}/manage/template-message/${row.id}`;
  const label = `${row.name}${row.language ? ` (${row.language})` : ''}`;
  const status = change?.status;
  const kind =
    status && status !== row.status ? TEMPLATE_STATUS_KIND[status as keyof typeof TEMPLATE_STATUS_KIND] : undefined;
  if (kind)
    await notify(tx, {
      partnerId: row.partnerId,
      kind,
      title: `Template ${label} ${status === 'DISABLED' ? 'disabled' : status!.toLowerCase()}`,
      body:
        status === 'APPROVED'
          ? `Meta approved the template ${label}: it can be sent.`
          : status === 'REJECTED'
            ? `Meta rejected the template ${label}${change?.rejectedReason ? ` (${change.rejectedReason})` : ''}. Edit it and submit it again.`
            : `Meta ${status === 'DISABLED' ? 'disabled' : 'paused'} the template ${label}: it cannot be sent meanwhile.`,
      link,
      at: now,
    });
  if (recategorisedTo)
    await notify(tx, {
      partnerId: row.partnerId,
      kind: 'TEMPLATE_RECATEGORISED',
      title: `Template ${label} re-categorised`,
      body: `Meta moved the template ${label} to the ${recategorisedTo} category; it is priced as ${recategorisedTo} from now on.`,
      link,
      dedupeKey: `template-category:${row.id}:${recategorisedTo}`,
      at: now,
    });
};

/** The kind of one of Meta's account words: a ban, a quality or limit move, the rest. */
export const accountWordKind = (word: { kind: string }): NotificationKind =>
  word.kind === 'ban'
    ? 'PROJECT_BANNED'
    : word.kind === 'limit' || word.kind === 'capability'
      ? 'PROJECT_QUALITY'
      : 'PROJECT_ACCOUNT';

/** Meta's account words the owner is mailed about (account-events): a ban, a quality or limit move, the rest. */
export const notifyAccountWord = (
  tx: DbOrTx,
  p: { id: string; partnerId: string; name: string },
  word: { kind: string },
  told: { subject: string; lines: string[] } | null,
  digest: string,
  now: Date,
) =>
  told
    ? notify(tx, {
        partnerId: p.partnerId,
        kind: accountWordKind(word),
        title: `${p.name}: ${told.subject}`,
        body: told.lines.join(' '),
        link: projectLink(p.id),
        dedupeKey: `account:${p.id}:${digest}`,
        at: now,
      })
    : Promise.resolve(null);

/** A support ticket answered (support-tickets/moves.ts): told to the member who raised it. */
export const notifyTicketClosed = (
  tx: DbOrTx,
  t: { id: string; partnerId: string; projectId: string; kind: string; raisedById: string },
  close: { status: 'RESOLVED' | 'REJECTED'; resolution: string },
  now: Date,
) =>
  notify(tx, {
    partnerId: t.partnerId,
    agentId: t.raisedById,
    kind: 'TICKET_REPLY',
    title: `Your support ticket was ${close.status === 'RESOLVED' ? 'resolved' : 'rejected'}`,
    body: `${ticketKindLabels[t.kind as TicketKind] ?? 'Support ticket'}: ${close.resolution}`,
    link: `${projectLink(t.projectId)}?tab=details`,
    dedupeKey: `ticket-closed:${t.id}`,
    at: now,
  });
