import { activityActions } from '@pc/contract';
import { describe, expect, it } from 'vitest';
import { activityActionGroups } from './actionLabels';

describe('activityActionGroups', () => {
  it('lists every action once, in the contract order', () => {
    expect(activityActionGroups.flatMap((group) => group.actions)).toEqual([...activityActions]);
  });
});
