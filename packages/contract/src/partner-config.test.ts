import { describe, expect, it } from 'vitest';
import { clampAgentLimit, configTexts, UpdatePartnerConfigRequest } from './partner-config.js';

describe('the agent limit (1 to 100)', () => {
  it('is clamped into the range when a whole number outside it is typed (doc 2 section 5.4)', () => {
    expect(['0', '1', '57', '100', '101', '5000', ' 7 '].map(clampAgentLimit)).toEqual([
      '1',
      '1',
      '57',
      '100',
      '100',
      '100',
      '7',
    ]);
    // Not a whole number: left as typed, for the spec's message.
    expect(['', '2.5', 'ten'].map(clampAgentLimit)).toEqual(['', '2.5', 'ten']);
  });

  it('accepts exactly what the clamp gives, and refuses the rest with the spec words', () => {
    for (const agentSize of [1, 100]) expect(UpdatePartnerConfigRequest.safeParse({ agentSize }).success).toBe(true);
    for (const agentSize of [0, 101, 2.5])
      expect(UpdatePartnerConfigRequest.safeParse({ agentSize }).error?.issues[0]?.message).toBe(
        configTexts.agentsLimit,
      );
  });
});
