import {
  analyticsMetrics,
  analyticsVariants,
  csvLine,
  metricKey,
  MONEY_SCALE,
  type AnalyticsDayRow,
} from '@pc/contract';
import { saveFile } from '../../api/download';

/** The analytics day rows as CSV: counts, then count and amount (currency units) of each metric and balance, then users' messages. */
export const analyticsCsv = (rows: AnalyticsDayRow[]): string => {
  const metricCols = analyticsVariants.flatMap((v) =>
    analyticsMetrics.flatMap((m) => [`${metricKey(m, v)} count`, `${metricKey(m, v)} amount`]),
  );
  // Users' messages last: the spec's columns keep their places.
  const header = [
    'dayDate',
    'sentChatCount',
    'deliveredChatCount',
    'readChatCount',
    'failedChatCount',
    ...metricCols,
    'receivedChatCount',
  ];
  const lines = rows.map((r) => [
    r.dayDate,
    r.sentChatCount,
    r.deliveredChatCount,
    r.readChatCount,
    r.failedChatCount,
    ...analyticsVariants.flatMap((v) =>
      analyticsMetrics.flatMap((m) => [
        r[metricKey(m, v)].count,
        (r[metricKey(m, v)].creditUsage / MONEY_SCALE).toFixed(2),
      ]),
    ),
    r.receivedChatCount,
  ]);
  return [header, ...lines].map((l) => csvLine(l)).join('');
};

export const saveText = (text: string, fileName: string) =>
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
