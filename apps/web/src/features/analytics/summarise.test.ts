import { analyticsMetrics, analyticsVariants, metricKey, type AnalyticsDayRow } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { analyticsCsv } from './csv';
import { countriesOf, totalsOf, usageOf } from './summarise';

const dayRow = (
  dayDate: string,
  counts: [number, number, number, number, number?],
  usage: Partial<Record<string, Record<string, { count: number; amount: number }>>> = {},
): AnalyticsDayRow => {
  const row: Record<string, unknown> = {
    dayDate,
    sentChatCount: counts[0],
    deliveredChatCount: counts[1],
    readChatCount: counts[2],
    failedChatCount: counts[3],
    receivedChatCount: counts[4] ?? 0,
  };
  for (const m of analyticsMetrics)
    for (const v of analyticsVariants) {
      const byCountry = usage[metricKey(m, v)] ?? {};
      const all = Object.values(byCountry);
      row[metricKey(m, v)] = {
        count: all.reduce((s, c) => s + c.count, 0),
        creditUsage: all.reduce((s, c) => s + c.amount, 0),
        creditUsageCountryWise: byCountry,
      };
    }
  return row as AnalyticsDayRow;
};

const rows = [
  dayRow('2024-05-01', [10, 8, 5, 2], {
    mcCentralBalance: { IN: { count: 3, amount: 294_000 }, US: { count: 1, amount: 250_000 } },
    bicCentralBalance: { IN: { count: 3, amount: 294_000 }, US: { count: 1, amount: 250_000 } },
  }),
  dayRow('2024-05-03', [1500, 1400, 900, 3, 40], {
    mcTemplateCredit: { IN: { count: 1, amount: 98_000 } },
    scCentralBalance: { GB: { count: 2, amount: 0 } },
  }),
];

describe('analytics summaries', () => {
  it('add the sent, delivered, read and failed counts over the days', () => {
    expect(totalsOf(rows)).toEqual({ sent: 1510, delivered: 1408, read: 905, failed: 5, received: 40 });
    expect(totalsOf([])).toEqual({ sent: 0, delivered: 0, read: 0, failed: 0, received: 0 });
  });

  it('list the countries of any metric, sorted', () => {
    expect(countriesOf(rows)).toEqual(['GB', 'IN', 'US']);
  });

  it('sum each metric of one balance, for every country or one', () => {
    const central = usageOf(rows, 'CentralBalance', null);
    expect(central.map((l) => l.metric)).toEqual(['mc', 'uc', 'ac', 'sc', 'bic', 'uic']);
    expect(central.find((l) => l.metric === 'mc')).toEqual({ metric: 'mc', count: 4, amount: 544_000 });
    expect(central.find((l) => l.metric === 'sc')).toEqual({ metric: 'sc', count: 2, amount: 0 });
    expect(usageOf(rows, 'CentralBalance', 'US').find((l) => l.metric === 'mc')).toEqual({
      metric: 'mc',
      count: 1,
      amount: 250_000,
    });
    expect(usageOf(rows, 'CentralBalance', 'GB').find((l) => l.metric === 'mc')).toEqual({
      metric: 'mc',
      count: 0,
      amount: 0,
    });
    expect(usageOf(rows, 'TemplateCredit', null).find((l) => l.metric === 'mc')).toEqual({
      metric: 'mc',
      count: 1,
      amount: 98_000,
    });
  });
});

describe('the Download CSV Report file', () => {
  it('has the counts, then count and amount (currency units) of every metric and balance, then users’ messages', () => {
    const [header, first, second, end] = analyticsCsv(rows).split('\r\n');
    const cols = header!.split(',');
    expect(cols.slice(0, 5)).toEqual([
      'dayDate',
      'sentChatCount',
      'deliveredChatCount',
      'readChatCount',
      'failedChatCount',
    ]);
    expect(cols).toHaveLength(5 + 6 * 2 * 2 + 1);
    expect(cols.at(-1)).toBe('receivedChatCount');
    const cell = (line: string, name: string) => line.split(',')[cols.indexOf(name)];
    expect(cell(first!, 'mcCentralBalance count')).toBe('4');
    expect(cell(first!, 'mcCentralBalance amount')).toBe('5.44');
    expect(cell(second!, 'sentChatCount')).toBe('1500');
    expect(cell(second!, 'mcTemplateCredit amount')).toBe('0.98');
    expect(cell(second!, 'receivedChatCount')).toBe('40');
    expect(end).toBe('');
  });
});
