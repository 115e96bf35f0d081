import { describe, expect, it } from 'vitest';
import { knownEffect, knownFamily, knownVolume } from './known-effect.js';
import { familyEffect } from './simulation.js';

describe("a card's effect on a family", () => {
  it('is the cost at today’s and the card’s prices, and the margin kept or passed, on the volume', () => {
    const card = { IN: { mc: 86400, uc: 11000 }, AE: { mc: 330000 } };
    const effect = familyEffect(
      { id: 'f1', name: 'Known', prices: knownFamily, projects: 2 },
      { prices: card, currency: 'INR' },
      { choice: 'KEEP', chosenAt: null },
      knownVolume,
      new Date('2026-11-24T00:00:00Z'),
    );
    expect(effect).toEqual({
      familyId: 'f1',
      name: 'Known',
      projects: 2,
      choice: 'KEEP',
      chosenAt: null,
      ...knownEffect,
    });
  });

  it('is nothing without volume, its rows the card’s prices all the same', () => {
    const effect = familyEffect(
      { id: 'f1', name: 'Quiet', prices: knownFamily, projects: 0 },
      { prices: { IN: { mc: 86400 } }, currency: 'INR' },
      { choice: 'PASS', chosenAt: null },
      [],
      new Date(),
    );
    expect(effect).toMatchObject({ conversations: 0, oldCost: 0, newCost: 0, marginIfKept: 0, marginIfPassed: 0 });
    expect(effect.rows).toEqual([knownEffect.rows[0]!].map((r) => ({ ...r, conversations: 0 })));
  });
});
