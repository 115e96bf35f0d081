import { BusinessListUrl, ProjectListUrl } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from './useUrlState';

describe('list state in the URL', () => {
  it('reads defaults from a bare URL and refused values as their defaults', () => {
    expect(readUrlState(BusinessListUrl, new URLSearchParams())).toEqual({
      tab: 'All',
      q: '',
      from: '',
      to: '',
      sort: 'dec',
      page: 1,
    });
    const odd = new URLSearchParams('tab=Nope&page=-3&from=2026-02-30&sort=sideways&q=kite');
    expect(readUrlState(BusinessListUrl, odd)).toMatchObject({ tab: 'All', page: 1, from: '', sort: 'dec', q: 'kite' });
  });

  it('writes only what differs from the defaults and keeps what it does not own', () => {
    // `country` is another part of the page's (Analytics on the same page, say).
    const start = new URLSearchParams('country=IN');
    const next = writeUrlState(ProjectListUrl, start, { tab: 'Live', page: 3, q: 'kite camp', kyc: 'ALL' });
    expect(next.toString()).toBe('country=IN&tab=Live&page=3&q=kite+camp');
    const back = writeUrlState(ProjectListUrl, next, { tab: 'All', page: 1, q: '' });
    expect(back.toString()).toBe('country=IN');
    expect(readUrlState(ProjectListUrl, next)).toMatchObject({ tab: 'Live', page: 3, q: 'kite camp' });
  });

  it('keeps a deep page’s row as an id, and anything else as none', () => {
    const link = new URLSearchParams('page=900&after=Ab3_x-9');
    expect(readUrlState(ProjectListUrl, link)).toMatchObject({ page: 900, after: 'Ab3_x-9', before: '' });
    const odd = new URLSearchParams(`page=900&after=${encodeURIComponent('x" or 1=1')}&before=${'a'.repeat(65)}`);
    expect(readUrlState(ProjectListUrl, odd)).toMatchObject({ after: '', before: '' });
  });
});
