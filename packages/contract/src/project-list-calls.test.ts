import { describe, expect, it } from 'vitest';
import { ProjectListRequest, ProjectsReportRequest, projectTabsFor } from './project-list-calls.js';

describe('projectTabsFor', () => {
  const base = { enableSignUp: false, enableTrial: false, flags: {} };
  it('WHITELABEL: the trial tabs only when enabled, the plan tabs, no KYC', () => {
    expect(projectTabsFor({ ...base, type: 'WHITELABEL' })).toEqual([
      'All',
      'Draft',
      'Live',
      'Monthly Plan',
      'Yearly Plan',
      'Stopped',
      'Deleted',
    ]);
    expect(projectTabsFor({ type: 'WHITELABEL', enableSignUp: true, enableTrial: true, flags: { kyc: true } })).toEqual(
      ['All', 'Trial', 'API Trial', 'Draft', 'Live', 'Monthly Plan', 'Yearly Plan', 'Stopped', 'Deleted'],
    );
    expect(projectTabsFor({ ...base, type: 'WHITELABEL', enableTrial: true })).toContain('API Trial');
    expect(projectTabsFor({ ...base, type: 'WHITELABEL', enableTrial: true })).not.toContain('Trial');
  });

  it('other types: KYC with the flag only, never trial or plan tabs', () => {
    for (const type of ['DIRECT', 'ADS_WHITELABEL'] as const) {
      expect(projectTabsFor({ type, enableSignUp: true, enableTrial: true, flags: {} })).toEqual([
        'All',
        'Draft',
        'Live',
        'Stopped',
        'Deleted',
      ]);
      expect(projectTabsFor({ ...base, type, flags: { kyc: true } })).toEqual([
        'All',
        'Draft',
        'Live',
        'KYC',
        'Stopped',
        'Deleted',
      ]);
    }
  });
});

describe('the list request', () => {
  it('defaults: tab All, skip 0, 10 rows (the spec fetch default)', () => {
    expect(ProjectListRequest.parse({})).toMatchObject({ filter: 'All', skip: 0, rowsPerPage: 10 });
  });
  it('dates are days or instants with an offset', () => {
    expect(ProjectListRequest.safeParse({ fromDate: '2024-05-01' }).success).toBe(true);
    expect(ProjectListRequest.safeParse({ fromDate: '2024-05-01T10:00:00.000Z' }).success).toBe(true);
    expect(ProjectListRequest.safeParse({ fromDate: '01/05/2024' }).success).toBe(false);
  });
  it('the report needs its tab', () => {
    expect(ProjectsReportRequest.safeParse({}).success).toBe(false);
    expect(ProjectsReportRequest.safeParse({ filter: 'Trial' }).success).toBe(true);
  });
});
