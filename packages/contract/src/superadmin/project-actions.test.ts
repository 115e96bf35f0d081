import { describe, expect, it } from 'vitest';
import { projectStatuses } from '../projects.js';
import {
  AddTemplateCreditRequest,
  disabledOnAfter,
  maskApiKey,
  SetWhatsappNumberRequest,
  superadminProjectTexts as texts,
} from './project-actions.js';

const earlier = new Date('2026-01-01T00:00:00.000Z');
const now = new Date('2026-02-01T00:00:00.000Z');

describe('disabledOnAfter', () => {
  it('dates the move into a disabled status, keeps it among them, clears it on active or pending', () => {
    for (const to of ['unpaid', 'suspended', 'terminated', 'stopped'] as const) {
      expect(disabledOnAfter('active', to, null, now), to).toEqual(now);
      expect(disabledOnAfter('pending', to, null, now), to).toEqual(now);
      expect(disabledOnAfter('unpaid', to, earlier, now), to).toEqual(earlier);
      // Disabled without a date (from before the column): from now.
      expect(disabledOnAfter('suspended', to, null, now), to).toEqual(now);
    }
    for (const from of projectStatuses) {
      expect(disabledOnAfter(from, 'active', earlier, now)).toBeNull();
      expect(disabledOnAfter(from, 'pending', earlier, now)).toBeNull();
      expect(disabledOnAfter(from, 'archived', earlier, now)).toEqual(earlier);
      expect(disabledOnAfter(from, 'archived', null, now)).toBeNull();
    }
  });
});

describe('the staff entries', () => {
  it('takes a WhatsApp number as digits with the country code', () => {
    expect(SetWhatsappNumberRequest.parse({ whatsappNumber: ' 919812345678 ' })).toEqual({
      whatsappNumber: '919812345678',
    });
    for (const whatsappNumber of ['+919812345678', '0919812345678', '9198 1234', '1234567', '1'.repeat(16)])
      expect(SetWhatsappNumberRequest.safeParse({ whatsappNumber }).error?.issues[0]?.message).toBe(
        texts.invalidWhatsappNumber,
      );
  });

  it('takes template credit in whole currency units only', () => {
    expect(AddTemplateCreditRequest.safeParse({ amount: 100000 }).success).toBe(true);
    expect(AddTemplateCreditRequest.safeParse({ amount: 25 * 100000 }).success).toBe(true);
    for (const amount of [0, -100000, 50000, 150000, 1.5, 1e13])
      expect(AddTemplateCreditRequest.safeParse({ amount }).error?.issues[0]?.message, String(amount)).toBe(
        'Invalid amount',
      );
  });

  it('shows an API key by its last 4 characters only', () => {
    expect(maskApiKey('abcdef123456')).toBe('••••3456');
  });
});
