import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { oneStatement } from '../../platform/db/one-statement.js';
import { unnestInserts } from '../../platform/db/unnest.js';
import { analyticsDays, analyticsDayUsage } from '../../platform/db/schema.js';
import type { Charged } from './charge.js';
import { categoryMetric, dayOf, initiatorMetric, type Category, type Initiator, type Metric } from './price.js';

/**
 * The analytics day rows a batch adds to (docs/charging.md): the chat counts per project and day,
 * and the usage per variant, metric and country. Merged in memory, then written in one statement,
 * each key once per table: `INSERT ... ON CONFLICT DO UPDATE SET n = n + excluded.n`.
 */

type DayCounts = {
  partnerId: string;
  projectId: string;
  dayDate: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  /** Users' messages (service traffic, never priced). */
  received: number;
};
type Usage = {
  partnerId: string;
  projectId: string;
  dayDate: string;
  variant: 'TemplateCredit' | 'CentralBalance';
  metric: Metric;
  country: string;
  count: number;
  amount: number;
};

/** One priced unit as the usage rows count it. */
export type UsageUnit = Pick<Charged, 'status' | 'amount' | 'balance'> & {
  partnerId: string;
  projectId: string;
  at: Date;
  category: Category;
  initiator: Initiator;
  country: string;
};

export const dayRowsBatch = () => {
  const days = new Map<string, DayCounts>();
  const usage = new Map<string, Usage>();
  const addUsage = (u: Omit<Usage, 'count' | 'amount'>, count: number, amount: number) => {
    const key = `${u.projectId}|${u.dayDate}|${u.variant}|${u.metric}|${u.country}`;
    const row = usage.get(key) ?? { ...u, count: 0, amount: 0 };
    row.count += count;
    row.amount += amount;
    usage.set(key, row);
  };
  return {
    /** A status of a message, or a user's message received, counted on its own day. */
    status(e: {
      partnerId: string;
      projectId: string;
      at: Date;
      status: 'sent' | 'delivered' | 'read' | 'failed' | 'received';
    }) {
      const dayDate = dayOf(e.at);
      const key = `${e.projectId}|${dayDate}`;
      const day = days.get(key) ?? {
        partnerId: e.partnerId,
        projectId: e.projectId,
        dayDate,
        sent: 0,
        delivered: 0,
        read: 0,
        failed: 0,
        received: 0,
      };
      day[e.status] += 1;
      days.set(key, day);
    },
    /**
     * A unit counted once under its initiator metric and once under its category metric, in the
     * variant of the balance that paid it (free and unbilled ones under CentralBalance, usage 0);
     * `sign` -1 takes back what a unit counted (a message that failed undelivered).
     */
    unit(u: UsageUnit, sign: 1 | -1 = 1) {
      const variant = u.balance === 'WCC' ? 'TemplateCredit' : 'CentralBalance';
      const amount = u.status === 'CHARGED' ? u.amount : 0;
      for (const metric of [initiatorMetric[u.initiator], categoryMetric[u.category]])
        addUsage(
          { partnerId: u.partnerId, projectId: u.projectId, dayDate: dayOf(u.at), variant, metric, country: u.country },
          sign,
          sign * amount,
        );
    },
    /** Both tables in one statement (one array parameter per column, each key once per table). */
    async write(tx: DbOrTx) {
      const dayRows = [...days.values()].map((d) => ({
        partnerId: d.partnerId,
        projectId: d.projectId,
        dayDate: d.dayDate,
        sentChatCount: d.sent,
        deliveredChatCount: d.delivered,
        readChatCount: d.read,
        failedChatCount: d.failed,
        receivedChatCount: d.received,
      }));
      const usageRows = [...usage.values()]
        .filter((u) => u.count !== 0 || u.amount !== 0)
        .map((u) => ({
          partnerId: u.partnerId,
          projectId: u.projectId,
          dayDate: u.dayDate,
          variant: u.variant,
          metric: u.metric,
          country: u.country,
          count: u.count,
          creditUsage: u.amount,
        }));
      const statement = oneStatement([
        ...unnestInserts(analyticsDays, dayRows).map(
          (insert) => sql`${insert} on conflict (partner_id, project_id, day_date) do update set
            sent_chat_count = ${analyticsDays.sentChatCount} + excluded.sent_chat_count,
            delivered_chat_count = ${analyticsDays.deliveredChatCount} + excluded.delivered_chat_count,
            read_chat_count = ${analyticsDays.readChatCount} + excluded.read_chat_count,
            failed_chat_count = ${analyticsDays.failedChatCount} + excluded.failed_chat_count,
            received_chat_count = ${analyticsDays.receivedChatCount} + excluded.received_chat_count`,
        ),
        ...unnestInserts(analyticsDayUsage, usageRows).map(
          (insert) => sql`${insert}
            on conflict (partner_id, project_id, day_date, variant, metric, country) do update set
            count = ${analyticsDayUsage.count} + excluded.count,
            credit_usage = ${analyticsDayUsage.creditUsage} + excluded.credit_usage`,
        ),
      ]);
      if (statement) await tx.execute(statement);
    },
  };
};
export type DayRowsBatch = ReturnType<typeof dayRowsBatch>;

export const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
