import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signMetaPayload, verifyMetaSignature } from './signature.js';

const secret = 'app-secret';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

describe("Meta's webhook signature", () => {
  it('is sha256= and the hex HMAC-SHA256 of the raw body with the app secret', () => {
    const hex = createHmac('sha256', secret).update(body).digest('hex');
    expect(signMetaPayload(secret, body)).toBe(`sha256=${hex}`);
    expect(signMetaPayload(secret, body.toString())).toBe(`sha256=${hex}`);
  });

  it('accepts the right signature, whatever the case of its hex', () => {
    const signature = signMetaPayload(secret, body);
    expect(verifyMetaSignature(secret, body, signature)).toBe(true);
    expect(verifyMetaSignature(secret, body, `sha256=${signature.slice(7).toUpperCase()}`)).toBe(true);
  });

  it('refuses a body with one byte changed', () => {
    const signature = signMetaPayload(secret, body);
    const tampered = Buffer.from(body);
    tampered[10] = tampered[10]! ^ 0x01;
    expect(verifyMetaSignature(secret, tampered, signature)).toBe(false);
  });

  it('refuses a signature with one character changed', () => {
    const signature = signMetaPayload(secret, body);
    const last = signature.at(-1) === '0' ? '1' : '0';
    expect(verifyMetaSignature(secret, body, signature.slice(0, -1) + last)).toBe(false);
  });

  it('refuses another secret, a missing header and malformed ones', () => {
    expect(verifyMetaSignature('other-secret', body, signMetaPayload(secret, body))).toBe(false);
    const hex = signMetaPayload(secret, body).slice(7);
    for (const header of [undefined, '', hex, `sha1=${hex}`, `sha256=${hex.slice(2)}`, `sha256=${hex}00`, 'sha256=zz'])
      expect(verifyMetaSignature(secret, body, header)).toBe(false);
  });
});
