import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@pc/contract';
import type { DbOrTx } from '../../../platform/db/open.js';
import { projects, webhooks } from '../../../platform/db/schema.js';
import type { JobHandlers } from '../../../platform/jobs/job.js';
import type { DeliveryCtx } from './context.js';
import { ownerMailedAbout } from '../../notifications/owner-mail.js';
import { DISABLED_MAIL_JOB } from './kinds.js';

/** The retry schedule's length in whole hours (75: about three days). */
const scheduleHours = Math.floor(WEBHOOK_RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0) / 3_600_000);

const MailJob = z.object({ partnerId: z.string(), webhookId: z.string(), disabledAt: z.iso.datetime() });

const disabledWebhookOf = async (db: DbOrTx, partnerId: string, webhookId: string) =>
  (
    await db
      .select({
        url: webhooks.url,
        status: webhooks.status,
        reason: webhooks.disabledReason,
        disabledAt: webhooks.disabledAt,
        projectId: projects.id,
        projectName: projects.name,
      })
      .from(webhooks)
      .innerJoin(projects, and(eq(projects.id, webhooks.projectId), eq(projects.partnerId, webhooks.partnerId)))
      .where(and(eq(webhooks.partnerId, partnerId), eq(webhooks.id, webhookId)))
  )[0];

/** The owner's mail: which webhook stopped, why, and that its failed deliveries can be replayed once it is enabled. */
export const disabledMail = (
  owner: { name: string; email: string },
  w: { url: string; reason: string | null; projectId: string; projectName: string },
  publicUrl: string,
) => ({
  to: owner.email,
  subject: `Webhook disabled: ${w.url}`,
  text: [
    `Hello ${owner.name},`,
    '',
    `The webhook ${w.url} of the project ${w.projectName} has been disabled: ${
      w.reason === 'GONE'
        ? 'its endpoint answered 410 Gone, which says it takes no more events.'
        : `every attempt to deliver to it failed for the whole retry schedule (about ${scheduleHours} hours).`
    }`,
    'No events are sent to it until it is enabled again. Once the endpoint works, enable the webhook and',
    'replay its failed deliveries from the delivery log.',
    '',
    `The project: ${publicUrl}/assistants/${w.projectId}`,
    '',
  ].join('\n'),
});

/** The mail job: read when it runs, so a webhook enabled again meanwhile is not reported. */
export const disabledMailJobs = (ctx: DeliveryCtx): JobHandlers => ({
  [DISABLED_MAIL_JOB]: async (job) => {
    const p = MailJob.parse(job.payload);
    const w = await disabledWebhookOf(ctx.db, p.partnerId, p.webhookId);
    if (!w || w.status !== 'DISABLED' || w.disabledAt?.getTime() !== new Date(p.disabledAt).getTime()) return;
    const owner = await ownerMailedAbout(ctx.db, p.partnerId, 'WEBHOOK_DISABLED');
    if (!owner) return;
    await ctx.mail.send(disabledMail(owner, w, ctx.env.publicUrl));
  },
});
