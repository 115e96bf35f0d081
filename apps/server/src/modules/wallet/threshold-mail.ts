import { and, eq } from 'drizzle-orm';
import { formatDate, formatMoney } from '@pc/contract';
import type { Deps } from '../../deps.js';
import { projects, walletThresholds } from '../../platform/db/schema.js';
import type { JobHandlers } from '../../platform/jobs/job.js';
import { getPartner } from '../partners/partner.js';
import { ownerMailedAbout } from '../notifications/owner-mail.js';
import { centralForecast, projectCreditForecasts } from './burn.js';
import type { Forecast } from './forecast.js';
import { THRESHOLD_MAIL_JOB } from './thresholds.js';

/**
 * The mail of a crossed warning level, to the partner's owner (unless it unticked the kind): which balance, the level, the balance
 * now and how long it lasts at the current spend, and where to recharge. Sent only while the level is
 * still crossed (the balance may have been topped up since the check queued it).
 */
export const thresholdMailJobs = (deps: Deps): JobHandlers => ({
  [THRESHOLD_MAIL_JOB]: async (job) => {
    const { partnerId, thresholdId } = job.payload as { partnerId: string; thresholdId: string };
    const [t] = await deps.db
      .select()
      .from(walletThresholds)
      .where(and(eq(walletThresholds.id, thresholdId), eq(walletThresholds.partnerId, partnerId)));
    if (!t?.crossedAt) return;
    const [partner, owner] = await Promise.all([
      getPartner(deps.db, partnerId),
      ownerMailedAbout(deps.db, partnerId, 'WALLET_LEVEL'),
    ]);
    if (!owner) return;
    const money = (units: number) => formatMoney(units, partner.currency);
    const now = deps.now();
    let name = 'Your central balance';
    let f: Forecast | undefined;
    let link = `${deps.env.publicUrl}/wallet`;
    if (t.projectId) {
      const [project] = await deps.db
        .select({ name: projects.name })
        .from(projects)
        .where(and(eq(projects.id, t.projectId), eq(projects.partnerId, partnerId)));
      name = `The template credit of ${project?.name ?? 'a project'}`;
      f = (await projectCreditForecasts(deps.db, partnerId, now, [t.projectId])).get(t.projectId);
      link = `${deps.env.publicUrl}/assistants/${t.projectId}?tab=billings`;
    } else f = await centralForecast(deps.db, partnerId, now);
    if (!f) return;
    const level = t.kind === 'AMOUNT' ? money(t.value) : `${t.value} days of spend`;
    await deps.mail.send({
      to: owner.email,
      subject: `${name.replace(/^The template credit of /, '')}: below your warning level`,
      text: [
        `Hello ${owner.name},`,
        '',
        `${name} is ${money(f.balance)}, below the warning level you set: ${level}.`,
        f.daysToZero !== null && f.dailyBurn > 0
          ? `Lately it has been spent at ${money(f.dailyBurn)} a day: at that rate it lasts about ${f.daysToZero} more days, until ${formatDate(f.zeroOn)}.`
          : 'It is not being spent at the moment.',
        '',
        `Recharge or add credit: ${link}`,
        '',
      ].join('\n'),
    });
  },
});
