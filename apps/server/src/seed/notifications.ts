import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/open.js';
import {
  agents,
  notificationReads,
  notificationSettings,
  projects,
  supportTickets,
  templates,
  webhooks,
} from '../platform/db/schema.js';
import {
  notifyAccountWord,
  notifyPartnershipRenewalFailed,
  notifyPlanRenewalFailed,
  notifyTemplateChange,
  notifyTicketClosed,
  notifyWalletLevel,
  notifyWebhookDisabled,
} from '../modules/notifications/events.js';
import { notify } from '../modules/notifications/notify.js';

const HOUR = 3_600_000;

/**
 * The bell's demo: for each demo partner a notification of every kind the console tells, made by
 * the same functions the events call (so the texts and links are the real ones), spread over the
 * last days; the owners have read about a third of them and Priya marked all read two days ago.
 * No member gets them by mail (each chooses that on the bell's preferences).
 */
export const seedDemoNotifications = async (tx: DbOrTx, opts: { now: Date; partnerIds: string[] }) => {
  for (const partnerId of opts.partnerIds) {
    let hoursAgo = 2;
    const at = () => new Date(opts.now.getTime() - (hoursAgo += 7) * HOUR);
    const ids: (string | null)[] = [];
    const [project] = await tx
      .select({ id: projects.id, partnerId: projects.partnerId, name: projects.name })
      .from(projects)
      .where(eq(projects.partnerId, partnerId))
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(1);
    if (!project) continue;
    const [template] = await tx
      .select()
      .from(templates)
      .where(eq(templates.partnerId, partnerId))
      .orderBy(asc(templates.id))
      .limit(1);
    const [webhook] = await tx
      .select({ id: webhooks.id, url: webhooks.url, projectId: webhooks.projectId })
      .from(webhooks)
      .where(eq(webhooks.partnerId, partnerId))
      .limit(1);
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.partnerId, partnerId), inArray(supportTickets.status, ['RESOLVED', 'REJECTED'])))
      .limit(1);

    ids.push(
      await notify(tx, {
        partnerId,
        kind: 'LOW_BALANCE',
        title: 'Your central balance is low',
        body: 'Your central balance is low. Recharge soon to avoid any interruption of your services.',
        link: '/wallet',
        at: at(),
      }),
    );
    ids.push(await notifyWalletLevel(tx, { id: 'demo', partnerId, projectId: null, kind: 'DAYS', value: 14 }, at()));
    ids.push(
      await notify(tx, {
        partnerId,
        kind: 'RENEWAL_DUE',
        title: 'Your partnership renews soon',
        body: 'Your partnership renews in 12 days. Keep the fee in your central balance so that your services continue without interruption.',
        link: '/wallet',
        at: at(),
      }),
    );
    ids.push(await notifyPlanRenewalFailed(tx, project, 'unpaid', new Date(opts.now.getTime() - 30 * 24 * HOUR), at()));
    ids.push(
      await notifyPartnershipRenewalFailed(
        tx,
        partnerId,
        new Date(opts.now.getTime() - 72 * HOUR).toISOString().slice(0, 10),
        at(),
      ),
    );
    if (webhook) ids.push(await notifyWebhookDisabled(tx, partnerId, webhook, 'FAILING', at()));
    if (template) {
      const row = { ...template, status: 'PENDING' };
      for (const status of ['APPROVED', 'REJECTED', 'PAUSED'])
        await notifyTemplateChange(
          tx,
          row,
          { status, rejectedReason: status === 'REJECTED' ? 'INVALID_FORMAT' : null },
          null,
          at(),
        );
      await notifyTemplateChange(tx, row, undefined, 'MARKETING', at());
    }
    const line = (subject: string, text: string) => ({ subject, lines: [text] });
    ids.push(
      await notifyAccountWord(
        tx,
        project,
        { kind: 'ban' },
        line('scheduled to be disabled by Meta', 'Meta has scheduled the WhatsApp Business Account to be disabled.'),
        'demo-ban',
        at(),
      ),
    );
    ids.push(
      await notifyAccountWord(
        tx,
        project,
        { kind: 'limit' },
        line(
          'quality rating fell to low',
          'Meta flagged the number: its quality rating fell to low. Review the templates it sends.',
        ),
        'demo-quality',
        at(),
      ),
    );
    ids.push(
      await notifyAccountWord(
        tx,
        project,
        { kind: 'violation' },
        line('policy violation (SCAM)', 'Meta reports a policy violation (SCAM) on the WhatsApp Business Account.'),
        'demo-violation',
        at(),
      ),
    );
    if (ticket)
      await notifyTicketClosed(
        tx,
        ticket,
        { status: ticket.status as 'RESOLVED' | 'REJECTED', resolution: ticket.resolution ?? 'Done.' },
        at(),
      );

    const team = await tx
      .select({ id: agents.id, loginUsername: agents.loginUsername })
      .from(agents)
      .where(eq(agents.partnerId, partnerId));
    const owner = team.find((a) => ['owner', 'direct', 'ads'].includes(a.loginUsername));
    const read = ids.filter((id, i): id is string => id !== null && i % 3 === 1);
    if (owner && read.length > 0)
      await tx
        .insert(notificationReads)
        .values(read.map((notificationId) => ({ partnerId, agentId: owner.id, notificationId, readAt: opts.now })));
    const priya = team.find((a) => a.loginUsername === 'priya');
    if (priya)
      await tx
        .insert(notificationSettings)
        .values({ partnerId, agentId: priya.id, readAllAt: new Date(opts.now.getTime() - 48 * HOUR) });
  }
};
