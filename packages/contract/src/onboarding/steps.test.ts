import { describe, expect, it } from 'vitest';
import { metaErrorHelp } from './meta-errors.js';
import { troubleshootingPlan, type StepsInput } from './steps.js';

const at = (over: Partial<StepsInput>): StepsInput => ({
  wabaProgressStep: 5,
  isWhatsappVerified: false,
  error: null,
  process: null,
  ...over,
});
const err = (code: number, subcode: number | null = null) => ({ code, subcode });

describe('the steps by progress (doc 2 section 4)', () => {
  it('9 with a verified channel: register_pin and otp_verification', () => {
    expect(troubleshootingPlan(at({ wabaProgressStep: 9, isWhatsappVerified: true }))).toEqual({
      steps: ['register_pin', 'otp_verification'],
      custom: null,
    });
  });

  it('below 7 the error process decides', () => {
    expect(troubleshootingPlan(at({ wabaProgressStep: 6, process: 'partner_embedded_signup' })).steps).toEqual([
      'health_check',
      'embedded_signup',
    ]);
    expect(troubleshootingPlan(at({ wabaProgressStep: 0, process: 'partner_waba_migration' })).steps).toEqual([
      'health_check',
      'migrate_partner_project',
    ]);
  });

  it('otherwise the full list (7 and 8 too, and 9 without a verified channel)', () => {
    const full = ['health_check', 'register_pin', 'otp_verification', 'embedded_signup', 'sync_progress'];
    for (const p of [
      at({}),
      at({ wabaProgressStep: 7, process: 'partner_embedded_signup' }),
      at({ wabaProgressStep: 8 }),
    ])
      expect(troubleshootingPlan(p).steps).toEqual(full);
    expect(troubleshootingPlan(at({ wabaProgressStep: 9 })).steps).toEqual(full);
  });
});

describe('the steps by Meta error (doc 2 section 8)', () => {
  const cases: [StepsInput, string[], string | null][] = [
    [at({ error: err(100, 2388112) }), ['health_check', 'embedded_signup'], null],
    [
      at({ error: err(100, 2388112), process: 'partner_waba_migration' }),
      ['health_check', 'migrate_partner_project'],
      null,
    ],
    [at({ error: err(100, 33) }), ['custom_msg'], 'wrongAccount'],
    [at({ error: err(100, 99) }), [], null],
    [at({ error: err(100) }), [], null],
    [at({ error: err(133005, 7) }), ['custom_msg', 'register_pin'], 'disable2fa'],
    [at({ error: err(133006, 2494081) }), ['custom_msg', 'otp_verification', 'register_pin'], 'reverify'],
    [at({ error: err(136024, 2388091) }), ['register_pin', 'health_check', 'sync_progress'], null],
    [at({ error: err(133006) }), ['health_check', 'embedded_signup'], null],
    [at({ error: err(131000), process: 'partner_waba_migration' }), ['health_check', 'migrate_partner_project'], null],
  ];
  it.each(cases)('%j', (input, steps, custom) => {
    expect(troubleshootingPlan(input)).toEqual({ steps, custom });
  });

  it('an error decides before the progress', () => {
    expect(
      troubleshootingPlan(at({ wabaProgressStep: 9, isWhatsappVerified: true, error: err(133005) })).steps,
    ).toEqual(['custom_msg', 'register_pin']);
  });
});

describe("the doctor's help", () => {
  it('is by code and subcode, then code, then general', () => {
    expect(metaErrorHelp(100, 33).fix).toMatch(/new WhatsApp Business Account ID/);
    expect(metaErrorHelp(100, 1).meaning).toBe('Meta refused a parameter of the call.');
    expect(metaErrorHelp(133016, null).meaning).toMatch(/10 in 72 hours/);
    expect(metaErrorHelp(1, null).meaning).toBe('Meta refused the call.');
  });
});
