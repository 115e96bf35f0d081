import { describe, expect, it } from 'vitest';
import { tierOf, wabaOf, wordOf } from './words.js';

// Values as Meta's webhooks reference pages write them (see meta-payloads.ts for each page).

describe("reading Meta's account webhooks", () => {
  it('reads a ban with its date as Meta writes it, and a reinstatement', () => {
    expect(
      wordOf('account_update', {
        event: 'DISABLED_UPDATE',
        ban_info: { waba_ban_state: 'DISABLE', waba_ban_date: 'April 17, 2025' },
      }),
    ).toEqual({ kind: 'ban', state: 'DISABLE', date: new Date('2025-04-17T00:00:00Z') });
    expect(
      wordOf('account_update', {
        event: 'DISABLED_UPDATE',
        ban_info: { waba_ban_state: 'REINSTATE', waba_ban_date: 'soon' },
      }),
    ).toEqual({ kind: 'ban', state: 'REINSTATE', date: null });
  });

  it('takes the business portfolio limit in every form Meta gives it', () => {
    expect(tierOf('TIER_2K')).toBe('TIER_2K');
    expect(tierOf(2000)).toBe('TIER_2K');
    expect(tierOf('100000')).toBe('TIER_100K');
    expect(tierOf(-1)).toBe('TIER_UNLIMITED');
    expect(tierOf('UNLIMITED')).toBe('TIER_UNLIMITED');
    expect(tierOf('TIER_NOT_SET')).toBeNull();
    expect(tierOf(1234)).toBeNull();
    expect(tierOf({})).toBeNull();
    // The portfolio's limit first; the number's (removed in February 2026) when it is alone.
    expect(
      wordOf('phone_number_quality_update', {
        display_phone_number: '+1 555-078-3881',
        event: 'THROUGHPUT_UPGRADE',
        current_limit: 'TIER_10K',
        max_daily_conversations_per_business: 'TIER_UNLIMITED',
      }),
    ).toEqual({ kind: 'limit', phone: '15550783881', event: 'THROUGHPUT_UPGRADE', limit: 'TIER_UNLIMITED' });
  });

  it("finds the client's account of a PARTNER_* event in waba_info, the entry's id otherwise", () => {
    const value = {
      event: 'PARTNER_ADDED',
      waba_info: { waba_id: '980198427658004', owner_business_id: '2329417887457253' },
    };
    expect(wabaOf('2949482758682047', value)).toBe('980198427658004');
    expect(wordOf('account_update', value)).toEqual({
      kind: 'connection',
      event: 'PARTNER_ADDED',
      ownerBusinessId: '2329417887457253',
    });
    expect(wabaOf('102290129340398', { event: 'ACCOUNT_DELETED' })).toBe('102290129340398');
    expect(wabaOf('not an id', {})).toBeNull();
  });

  it('reads the alerts under alert_info, and refuses shapes Meta does not send', () => {
    expect(
      wordOf('account_alerts', {
        entity_type: 'BUSINESS',
        entity_id: '506914307656634',
        alert_info: {
          alert_severity: 'WARNING',
          alert_status: 'ACTIVE',
          alert_type: 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED',
          alert_description: 'Limits cannot be increased.',
        },
      }),
    ).toMatchObject({ kind: 'alert', type: 'INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED', status: 'ACTIVE' });
    expect(wordOf('account_alerts', { entity_type: 'BUSINESS', alert_severity: 'WARNING' })).toBeNull();
    expect(wordOf('account_update', { event: 'DISABLED_UPDATE' })).toBeNull();
    expect(wordOf('account_update', { event: 'MM_LITE_TERMS_SIGNED' })).toBeNull();
    expect(wordOf('business_capability_update', {})).toBeNull();
    expect(wordOf('phone_number_name_update', { decision: 'APPROVED' })).toBeNull();
  });
});
