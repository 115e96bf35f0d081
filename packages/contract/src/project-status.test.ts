import { describe, expect, it } from 'vitest';
import { partnerStatusChoices, partnerStatusRefusal, partnerStatusTexts } from './project-status.js';
import { projectStatuses } from './projects.js';

describe("a partner's status change", () => {
  it('never leaves a stopped billing but to archive it', () => {
    const stopped = { status: 'stopped', billingStopped: true };
    for (const target of projectStatuses) {
      const refusal = partnerStatusRefusal(stopped, target);
      if (target === 'stopped' || target === 'archived') expect(refusal, target).toBeNull();
      else expect(refusal, target).not.toBeNull();
    }
    // A stop recorded without the status (planStoppedOn) counts the same.
    expect(partnerStatusRefusal({ status: 'active', billingStopped: true }, 'pending')).toBe(
      partnerStatusTexts.reactivateInstead,
    );
  });

  it("neither sets nor clears the platform's statuses", () => {
    for (const s of ['unpaid', 'suspended', 'terminated'] as const) {
      expect(partnerStatusRefusal({ status: 'active', billingStopped: false }, s)).toBe(
        partnerStatusTexts.platformStatus,
      );
      expect(partnerStatusChoices({ status: s, billingStopped: false })).toEqual([]);
    }
  });

  it('offers the free moves of an active project', () => {
    expect(partnerStatusChoices({ status: 'active', billingStopped: false })).toEqual([
      'active',
      'pending',
      'stopped',
      'archived',
    ]);
    expect(partnerStatusChoices({ status: 'stopped', billingStopped: true })).toEqual(['stopped', 'archived']);
  });

  it('restores a deleted project as active or pending, or stopped when its billing was stopped', () => {
    expect(partnerStatusChoices({ status: 'archived', billingStopped: false })).toEqual([
      'active',
      'pending',
      'stopped',
      'archived',
    ]);
    expect(partnerStatusChoices({ status: 'archived', billingStopped: true })).toEqual(['stopped', 'archived']);
  });
});
