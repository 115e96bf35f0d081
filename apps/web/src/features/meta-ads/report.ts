import {
  csvLine,
  formatAmount,
  type BillingLog,
  type Currency,
  type MetaAdAccountRow,
  type MetaAdRow,
  type MetaAdsFilter,
} from '@pc/contract';
import { stageLabel } from './stage';
import { metaAdsAreaTexts as t } from './texts';

export type ReportKind = 'AdAccounts' | 'Ads' | 'Transactions';

/** Letters, digits and hyphens of a search or tab; the rest becomes one underscore. */
const namePart = (text: string) =>
  text
    .trim()
    .replace(/[^\p{L}\p{N}-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);

/**
 * The report's file name (doc 3 section 7): Meta, the table, then what the rows are (the tab, the
 * search, the ranges of the Filter dialog) and Report, e.g. Meta_AdAccounts_All_Report.csv or
 * Meta_Ads_Live_Metro_Start_2024-05-01_to_2024-05-31_Report.csv.
 */
export const metaAdsReportName = (
  kind: ReportKind,
  what: { tab?: string; search?: string; filter?: MetaAdsFilter | null } = {},
): string => {
  const { adStartDate, adStopDate } = what.filter ?? {};
  const parts = [
    'Meta',
    kind,
    what.tab && namePart(what.tab),
    what.search && namePart(what.search),
    adStartDate && `Start_${adStartDate.from}_to_${adStartDate.to}`,
    adStopDate && `Stop_${adStopDate.from}_to_${adStopDate.to}`,
    'Report',
  ];
  return `${parts.filter(Boolean).join('_')}.csv`;
};

/** Money in a report: currency units with 2 decimals and no grouping, so a spreadsheet reads a number. */
const amount = (units: number | null) => (units === null ? '' : formatAmount(units, 'USD').replace(/,/g, ''));

const csv = (header: readonly string[], rows: readonly (readonly unknown[])[]) =>
  [header, ...rows].map((cells) => csvLine(cells)).join('');

const a = t.accountColumns;
export const adAccountsCsv = (rows: readonly MetaAdAccountRow[]): string =>
  csv(
    [
      a.business,
      a.project,
      a.stage,
      a.recharged,
      a.spend,
      a.credit,
      a.activeAds,
      a.costPerLead,
      a.leads,
      a.ctr,
      t.currency,
    ],
    rows.map((r) => [
      r.businessName,
      r.projectName,
      stageLabel[r.connectionStage],
      amount(r.aggAdCreditRecharged),
      amount(r.totalSpend),
      amount(r.metaAdsCredit),
      r.activeAds,
      amount(r.costPerLead),
      r.totalLeadsGenerated,
      r.clickThroughRate ?? '',
      r.currency,
    ]),
  );

const c = t.adColumns;
export const adsCsv = (rows: readonly MetaAdRow[]): string =>
  csv(
    [
      c.name,
      c.business,
      c.project,
      c.status,
      c.quality,
      c.start,
      c.stop,
      c.dailyBudget,
      c.impressions,
      c.reach,
      c.uniqueClicks,
      c.clicks,
      c.spend,
      c.costPerClick,
      c.messages,
      c.firstReply,
      c.connections,
      c.engagement,
      t.currency,
    ],
    rows.map((r) => [
      r.adName,
      r.businessName,
      r.projectName,
      r.adStatus,
      r.qualityRanking,
      r.adStartDate,
      r.adStopDate ?? '',
      amount(r.dailyBudget),
      r.impressions,
      r.reach,
      r.uniqueClicks,
      r.clicks,
      amount(r.totalBudget),
      amount(r.costPerClick),
      r.totalMessages,
      r.messagingFirstReply,
      r.totalMessagingConnection,
      r.engagementRateRanking,
      r.currency,
    ]),
  );

/** GST is what was paid with tax less the credits added (doc 3 section 3). */
export const gstOf = (log: Pick<BillingLog, 'amount' | 'amountWithTax'>) => log.amountWithTax - log.amount;

/** The Meta Ads credit's log has the top-ups and the ad spend the sync takes from it: the spend shows negative. */
export const signed = (log: Pick<BillingLog, 'action'>, units: number) => (log.action === 'SUBTRACT' ? -units : units);

const x = t.transactionColumns;
export const transactionsCsv = (rows: readonly BillingLog[], currency: Currency | undefined): string =>
  csv(
    [
      x.business,
      x.project,
      x.createdAt,
      x.orderId,
      x.paymentId,
      x.amount,
      x.gst,
      x.amountWithTax,
      x.reasonCode,
      x.status,
      t.currency,
    ],
    rows.map((r) => [
      r.businessName ?? '',
      r.assistantName ?? '',
      r.createdAt,
      r.orderId ?? '',
      r.paymentId ?? '',
      amount(signed(r, r.amount)),
      amount(gstOf(r)),
      amount(signed(r, r.amountWithTax)),
      r.reasonCode,
      r.status ?? t.success,
      currency ?? 'INR',
    ]),
  );
