import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from '../../../ui/useUrlState';
import { prettyPayload } from './payload';
import { DeliveryListUrl } from './url';

describe('the delivery console in the URL', () => {
  it('reads a bare or hand-edited URL as all deliveries, first page', () => {
    expect(readUrlState(DeliveryListUrl, new URLSearchParams())).toEqual({ status: 'ALL', page: 1, delivery: '' });
    const odd = new URLSearchParams('status=LOST&page=0');
    expect(readUrlState(DeliveryListUrl, odd)).toEqual({ status: 'ALL', page: 1, delivery: '' });
  });

  it('keeps the filter, the page and the open delivery, and drops defaults', () => {
    const next = writeUrlState(DeliveryListUrl, new URLSearchParams(), { status: 'FAILED', page: 2, delivery: 'd1' });
    expect(next.toString()).toBe('status=FAILED&page=2&delivery=d1');
    expect(readUrlState(DeliveryListUrl, next)).toEqual({ status: 'FAILED', page: 2, delivery: 'd1' });
    expect(writeUrlState(DeliveryListUrl, next, { status: 'ALL', page: 1, delivery: '' }).toString()).toBe('');
  });
});

describe('payload', () => {
  it('pretty-prints JSON and shows text as it came', () => {
    expect(prettyPayload({ type: 'webhook.test', data: { n: 1 } })).toBe(
      '{\n  "type": "webhook.test",\n  "data": {\n    "n": 1\n  }\n}',
    );
    expect(prettyPayload('plain')).toBe('plain');
    expect(prettyPayload(undefined)).toBe('');
  });
});
