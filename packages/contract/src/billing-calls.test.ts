import { describe, expect, it } from 'vitest';
import { BillingActivityListsRequest, truncateBillingMessage } from './billing-calls.js';
import { projectBillingReportName, projectConversationReportName } from './report-calls.js';

describe('billing rows and report names', () => {
  it('messages over 30 characters are cut to 32 plus an ellipsis; 30 or fewer stay whole', () => {
    expect(truncateBillingMessage('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncateBillingMessage('a'.repeat(31))).toBe(`${'a'.repeat(31)}...`);
    expect(truncateBillingMessage('WCC credit added to project Metro Reminders')).toBe(
      'WCC credit added to project Metr...',
    );
  });

  it('project report names use DD-MM-YYYY, or Start and End without a date', () => {
    expect(projectBillingReportName('2024-05-01', '2024-06-30')).toBe(
      'Project_Billing_Report_01-05-2024_to_30-06-2024.csv',
    );
    expect(projectBillingReportName(undefined, undefined)).toBe('Project_Billing_Report_Start_to_End.csv');
    expect(projectConversationReportName('2024-05-01', undefined)).toBe(
      'Project_Conversation_Report_01-05-2024_to_End.csv',
    );
  });

  it('the list request pages by 1 to 100 rows from skip 0 and takes dates or instants', () => {
    expect(BillingActivityListsRequest.parse({})).toMatchObject({ skip: 0, rowsPerPage: 10 });
    expect(BillingActivityListsRequest.safeParse({ rowsPerPage: 0 }).success).toBe(false);
    expect(
      BillingActivityListsRequest.safeParse({ fromDate: '2024-01-01', toDate: '2024-01-02T10:00:00Z' }).success,
    ).toBe(true);
    expect(BillingActivityListsRequest.safeParse({ fromDate: 'yesterday' }).success).toBe(false);
  });
});
