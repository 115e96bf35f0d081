import {
  analyticsMetrics,
  categoryMetrics,
  metricKey,
  type AnalyticsDayRow,
  type AnalyticsMetric,
  type AnalyticsVariant,
} from '@pc/contract';

export type Totals = { sent: number; delivered: number; read: number; failed: number; received: number };

export const totalsOf = (rows: AnalyticsDayRow[]): Totals =>
  rows.reduce(
    (t, r) => ({
      sent: t.sent + r.sentChatCount,
      delivered: t.delivered + r.deliveredChatCount,
      read: t.read + r.readChatCount,
      failed: t.failed + r.failedChatCount,
      received: t.received + r.receivedChatCount,
    }),
    { sent: 0, delivered: 0, read: 0, failed: 0, received: 0 },
  );

/** Countries seen in any credit metric of the range, sorted. */
export const countriesOf = (rows: AnalyticsDayRow[]): string[] => {
  const seen = new Set<string>();
  for (const r of rows)
    for (const m of analyticsMetrics)
      for (const v of ['TemplateCredit', 'CentralBalance'] as const)
        for (const c of Object.keys(r[metricKey(m, v)].creditUsageCountryWise)) seen.add(c);
  return [...seen].sort();
};

export type UsageLine = { metric: AnalyticsMetric; count: number; amount: number };

/** Count and amount per metric of one variant over the range, for one country or all. */
export const usageOf = (rows: AnalyticsDayRow[], variant: AnalyticsVariant, country: string | null): UsageLine[] =>
  (['mc', 'uc', 'ac', 'sc', 'bic', 'uic'] as const).map((metric) => {
    let count = 0;
    let amount = 0;
    for (const r of rows) {
      const m = r[metricKey(metric, variant)];
      if (country === null) {
        count += m.count;
        amount += m.creditUsage;
      } else {
        count += m.creditUsageCountryWise[country]?.count ?? 0;
        amount += m.creditUsageCountryWise[country]?.amount ?? 0;
      }
    }
    return { metric, count, amount };
  });

export const isCategory = (m: AnalyticsMetric): m is keyof typeof categoryMetrics => m in categoryMetrics;
