import { describe, expect, it } from 'vitest';
import type { BillingLog, MetaAdAccountRow } from '@pc/contract';
import { completeRanges, filterObjOf, filterOutOfBounds, noAdsFilter } from './listState';
import { adAccountsCsv, gstOf, metaAdsReportName, signed, transactionsCsv } from './report';

describe('the Meta Ads report name', () => {
  it('says Meta, the table, the tab and Report', () => {
    expect(metaAdsReportName('AdAccounts', { tab: 'All', search: '' })).toBe('Meta_AdAccounts_All_Report.csv');
    expect(metaAdsReportName('AdAccounts', { tab: 'WA Number not linked' })).toBe(
      'Meta_AdAccounts_WA_Number_not_linked_Report.csv',
    );
    expect(metaAdsReportName('Transactions')).toBe('Meta_Transactions_Report.csv');
  });

  it('adds the search and the date ranges, in file-safe words', () => {
    expect(
      metaAdsReportName('Ads', {
        tab: 'Live',
        search: ' Metro / Clinics ',
        filter: {
          adStartDate: { from: '2024-05-01', to: '2024-05-31' },
          adStopDate: { from: '2024-06-01', to: '2030-01-01' },
        },
      }),
    ).toBe('Meta_Ads_Live_Metro_Clinics_Start_2024-05-01_to_2024-05-31_Stop_2024-06-01_to_2030-01-01_Report.csv');
    expect(metaAdsReportName('Ads', { tab: 'All', search: '../..' })).toBe('Meta_Ads_All_Report.csv');
  });
});

describe('the Filter dialog ranges', () => {
  it('clears a range with one day of two, keeps a complete one', () => {
    expect(
      completeRanges({ startFrom: '2024-05-01', startTo: '', stopFrom: '2024-05-01', stopTo: '2024-06-01' }),
    ).toEqual({ startFrom: '', startTo: '', stopFrom: '2024-05-01', stopTo: '2024-06-01' });
  });

  it('sends only complete ranges as filterObj, null when there is none', () => {
    expect(filterObjOf(noAdsFilter)).toBeNull();
    expect(filterObjOf({ ...noAdsFilter, startFrom: '2024-05-01' })).toBeNull();
    expect(filterObjOf({ ...noAdsFilter, stopFrom: '2024-05-01', stopTo: '2031-01-01' })).toEqual({
      adStopDate: { from: '2024-05-01', to: '2031-01-01' },
    });
  });

  it('refuses days before 25 Apr 2023, and future days except in the stop-date range', () => {
    const today = '2025-01-10';
    expect(filterOutOfBounds({ ...noAdsFilter, startFrom: '2023-04-24' }, today)).toBe(true);
    expect(filterOutOfBounds({ ...noAdsFilter, startFrom: '2023-04-25', startTo: today }, today)).toBe(false);
    expect(filterOutOfBounds({ ...noAdsFilter, startTo: '2025-01-11' }, today)).toBe(true);
    expect(filterOutOfBounds({ ...noAdsFilter, stopFrom: '2025-01-01', stopTo: '2026-01-01' }, today)).toBe(false);
  });
});

describe('the report CSVs', () => {
  it('write money as currency units with 2 decimals, the stage in its tab words, nulls empty', () => {
    const row: MetaAdAccountRow = {
      assistantId: 'p1',
      businessName: 'Metro, Health',
      projectName: '=Metro Clinics',
      connectionStage: 'WA_NUMBER_NOT_LINKED',
      currency: 'INR',
      aggAdCreditRecharged: 123456789,
      totalSpend: 50,
      metaAdsCredit: 0,
      activeAds: 2,
      costPerLead: null,
      totalLeadsGenerated: 0,
      clickThroughRate: 1.5,
    };
    expect(adAccountsCsv([row]).split('\r\n')[1]).toBe(
      `"Metro, Health",'=Metro Clinics,WA Number not linked,1234.57,0.00,0.00,2,,0,1.5,INR`,
    );
  });

  it('gives a transaction its GST and Success when it has no status', () => {
    const log = { amount: 100000000, amountWithTax: 118000000, status: null, action: 'ADD' } as BillingLog;
    expect(gstOf(log)).toBe(18000000);
    const line = transactionsCsv(
      [
        {
          ...log,
          businessName: 'B',
          assistantName: 'P',
          createdAt: '2025-01-01T00:00:00.000Z',
          orderId: null,
          paymentId: 'pay_1',
          reasonCode: 'META_AD_CREDIT_UPDATE',
        },
      ],
      'INR',
    ).split('\r\n')[1];
    expect(line).toBe('B,P,2025-01-01T00:00:00.000Z,,pay_1,1000.00,180.00,1180.00,META_AD_CREDIT_UPDATE,Success,INR');
  });

  it('writes the ad spend taken from the credit as negative, formula-safe', () => {
    const spend = { amount: 2500000, amountWithTax: 2500000, action: 'SUBTRACT' } as BillingLog;
    expect(signed(spend, spend.amount)).toBe(-2500000);
    expect(gstOf(spend)).toBe(0);
    const line = transactionsCsv(
      [
        {
          ...spend,
          businessName: null,
          assistantName: null,
          createdAt: 'x',
          orderId: null,
          paymentId: null,
          reasonCode: 'META_AD_CREDIT_UPDATE',
          status: null,
        },
      ],
      'USD',
    ).split('\r\n')[1];
    expect(line).toBe(",,x,,,'-25.00,0.00,'-25.00,META_AD_CREDIT_UPDATE,Success,USD");
  });
});
