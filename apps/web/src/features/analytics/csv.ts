import { analyticsMetrics, analyticsVariants, metricKey, MONEY_SCALE, type AnalyticsDayRow } from '@pc/contract';

// A cell starting with = + - @ or a tab would run as a formula in a spreadsheet: prefix a quote.
const cell = (v: string | number) => {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The analytics day rows as CSV: counts, then count and amount (currency units) of each metric and balance. */
export const analyticsCsv = (rows: AnalyticsDayRow[]): string => {
  const metricCols = analyticsVariants.flatMap((v) => analyticsMetrics.flatMap((m) => [`${metricKey(m, v)} count`, `${metricKey(m, v)} amount`]));
  const header = ['dayDate', 'sentChatCount', 'deliveredChatCount', 'readChatCount', 'failedChatCount', ...metricCols];
  const lines = rows.map((r) => [
    r.dayDate,
    r.sentChatCount,
    r.deliveredChatCount,
    r.readChatCount,
    r.failedChatCount,
    ...analyticsVariants.flatMap((v) => analyticsMetrics.flatMap((m) => [r[metricKey(m, v)].count, (r[metricKey(m, v)].creditUsage / MONEY_SCALE).toFixed(2)])),
  ]);
  return [header, ...lines].map((l) => l.map(cell).join(',')).join('\r\n') + '\r\n';
};

export const saveText = (text: string, fileName: string) => {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
