import { describe, expect, it } from 'vitest';
import { knownEffect, knownFamily, knownVolume } from './known-effect.js';
import { familyEffect } from './simulation.js';

// Meta's pricing models as the simulation reads them (pricing_models, docs/charging.md): service
// free from 1 November 2024 (the 2024-11-01 and 2025-07-01 rows), charged from 1 October 2026.
const serviceFree = { serviceCharged: false };
const serviceCharged = { serviceCharged: true };

describe("a card's effect on a family", () => {
  it('is the cost at today’s and the card’s prices, and the margin kept or passed, on the volume', () => {
    const card = { IN: { mc: 86400, uc: 11000 }, AE: { mc: 330000 } };
    const effect = familyEffect(
      { id: 'f1', name: 'Known', prices: knownFamily, projects: 2 },
      { prices: card, currency: 'INR' },
      { choice: 'KEEP', chosenAt: null },
      knownVolume,
      serviceFree,
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
      serviceCharged,
    );
    expect(effect).toMatchObject({ conversations: 0, oldCost: 0, newCost: 0, marginIfKept: 0, marginIfPassed: 0 });
    expect(effect.rows).toEqual([knownEffect.rows[0]!].map((r) => ({ ...r, conversations: 0 })));
  });

  it('counts the charged service conversations while the model in force charges service (from 1 October 2026)', () => {
    const effect = (model: { serviceCharged: boolean }) =>
      familyEffect(
        { id: 'f1', name: 'Known', prices: knownFamily, projects: 2 },
        { prices: { IN: { mc: 86400, uc: 11000 }, AE: { mc: 330000 } }, currency: 'INR' },
        { choice: 'KEEP', chosenAt: null },
        knownVolume,
        model,
      );
    // 3 India service conversations at 0.35 (no margin, and the card leaves service as it is).
    expect(effect(serviceCharged)).toMatchObject({
      conversations: knownEffect.conversations + 3,
      oldCost: knownEffect.oldCost + 3 * 35000,
      newCost: knownEffect.newCost + 3 * 35000,
      revenueToday: knownEffect.revenueToday + 3 * 35000,
      marginIfKept: knownEffect.marginIfKept,
      marginIfPassed: knownEffect.marginIfPassed,
      rows: knownEffect.rows,
    });
    expect(effect(serviceFree)).toMatchObject({ conversations: knownEffect.conversations });
  });
});
