import { describe, expect, it } from 'vitest';
import { displayedMerchantId, paymentGatewayTexts, RazorpayConnectRequest } from './payment-gateway.js';

describe('the payment gateway', () => {
  it('shows the merchant id without its first 4 characters', () => {
    expect(displayedMerchantId('acc_Ef7ZBPPHl0W1Cm')).toBe('Ef7ZBPPHl0W1Cm');
    expect(displayedMerchantId('acc_')).toBe('');
  });

  it("refuses a callback without its code or state with the spec's words", () => {
    const callback = { state: 's', code: 'c', domain: 'console.example.com', partnerId: 'p' };
    expect(RazorpayConnectRequest.safeParse(callback).success).toBe(true);
    expect(RazorpayConnectRequest.safeParse({ ...callback, code: '' }).error?.issues[0]?.message).toBe(
      paymentGatewayTexts.callbackFailed,
    );
    expect(RazorpayConnectRequest.safeParse({ ...callback, state: 'x'.repeat(201) }).error?.issues[0]?.message).toBe(
      paymentGatewayTexts.invalidState,
    );
  });
});
