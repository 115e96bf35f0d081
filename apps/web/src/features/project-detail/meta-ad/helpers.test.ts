import type { MetaAdsAssistantData } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { afterNumberCall, parseBudget, stageLabel } from './helpers';

describe('a budget as typed', () => {
  it('is sent in 1/100000 of the currency, without float drift', () => {
    expect(parseBudget('500')).toBe(50_000_000);
    expect(parseBudget(' 1234.56 ')).toBe(123_456_000);
    // 0.1 + 0.2 as floats is 0.30000000000000004: typed amounts never go through a float.
    expect(parseBudget('0.3')).toBe(30_000);
    expect(parseBudget('19999999.99999')).toBe(1_999_999_999_999);
  });

  it('is refused when it is not an amount greater than 0', () => {
    for (const text of ['', '0', '0.00', '-5', 'abc', '1e3', '1.234567', '12,000'])
      expect(parseBudget(text)).toBeNull();
  });
});

describe('the set-up stage', () => {
  it('reads as the Meta Ads area’s tabs', () => {
    expect(stageLabel('FB_NOT_CONNECTED')).toBe('FB not connected');
    expect(stageLabel('PAGE_NOT_SELECTED')).toBe('Page not selected');
    expect(stageLabel('WA_NUMBER_NOT_LINKED')).toBe('WA Number not linked');
    expect(stageLabel('CONNECTED')).toBe('Connected');
  });
});

describe('the tab after a WhatsApp number call', () => {
  const data = { fbConnected: true, fbUserId: '1', otpState: 'NONE' } as MetaAdsAssistantData;

  it('takes the assistant the server answers with: the reconnect action clears Facebook', () => {
    const cleared = { ...data, fbConnected: false, fbUserId: null };
    expect(
      afterNumberCall(data, {
        otpState: 'NONE',
        message: 'Connection Failure!',
        action: 'reconnect',
        assistant: cleared,
      }),
    ).toBe(cleared);
  });

  it('else keeps the tab and says the OTP state', () => {
    expect(afterNumberCall(data, { otpState: 'SENT', message: 'OTP sent' })).toEqual({ ...data, otpState: 'SENT' });
  });
});
