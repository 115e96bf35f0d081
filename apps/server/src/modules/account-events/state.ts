import type { MetaAccountState } from '@pc/contract';

/** The kept account state as the project's readers see it: without the times of the columns' words. */
export const accountStateOf = (kept: MetaAccountState & { seen?: unknown }): MetaAccountState => {
  const { seen: _, ...state } = kept;
  return state;
};
