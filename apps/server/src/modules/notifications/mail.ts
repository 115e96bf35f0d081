import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { notificationKindLabels, NotificationKind } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { agents, notifications, notificationSettings } from '../../platform/db/schema.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { NOTIFICATION_MAIL_JOB } from './notify.js';

const MailJob = z.object({ partnerId: z.string(), notificationId: z.string(), agentId: z.string() });

/**
 * One member's mail of one notification, read when the job runs: not sent when the member has since
 * been disabled or no longer wants that kind by mail.
 */
export const notificationMailJobs = (deps: Pick<Deps, 'db' | 'mail' | 'env'>): JobHandlers => ({
  [NOTIFICATION_MAIL_JOB]: async (job) => {
    const p = MailJob.parse(job.payload);
    const [n] = await deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.partnerId, p.partnerId), eq(notifications.id, p.notificationId)));
    const [to] = await deps.db
      .select({
        name: agents.name,
        email: agents.email,
        disabled: agents.disabled,
        kinds: notificationSettings.mailKinds,
      })
      .from(agents)
      .innerJoin(
        notificationSettings,
        and(eq(notificationSettings.partnerId, agents.partnerId), eq(notificationSettings.agentId, agents.id)),
      )
      .where(and(eq(agents.partnerId, p.partnerId), eq(agents.id, p.agentId)));
    if (!n || !to || to.disabled || !to.kinds?.includes(n.kind)) return;
    const kind = NotificationKind.parse(n.kind);
    await deps.mail.send({
      to: to.email,
      subject: n.title,
      text: [
        `Hello ${to.name},`,
        '',
        n.body,
        '',
        `Open it in the console: ${deps.env.publicUrl}${n.link}`,
        '',
        `You get this mail because you chose "${notificationKindLabels[kind]}" by mail; change it from the bell in the console.`,
        '',
      ].join('\n'),
    });
  },
});
