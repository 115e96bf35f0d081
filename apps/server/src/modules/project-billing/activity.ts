import type { ActivityAction } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { recordPartnerChange, type ActivityAuthor } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';

/** The partner's central balance as a change found it and left it (minor units, the project's currency). */
export type CentralMove = { before: number; after: number };

type ProjectChange = {
  action: ActivityAction;
  project: { id: string; name: string; currency: string };
  /** The project's fields the change may touch, as they were and as they are. */
  was: Record<string, unknown>;
  now: Record<string, unknown>;
  /** When the change moved money: the central balance either side of it, written with its currency. */
  central?: CentralMove;
};

/**
 * The member's activity entry of a change to one project, in the change's transaction: only the
 * fields that changed, and beside them the money it moved. A call that changed nothing and moved
 * nothing writes no entry.
 */
export const recordProjectChange = async (db: DbOrTx, by: ActivityAuthor, c: ProjectChange) => {
  const { keys, before, after } = changedFields(c.was, c.now);
  if (keys.length === 0 && !c.central) return;
  const money = (centralBalance: number) => ({ currency: c.project.currency, centralBalance });
  await recordPartnerChange(db, by, {
    action: c.action,
    target: { kind: 'project', id: c.project.id, name: c.project.name },
    before: c.central ? { ...before, ...money(c.central.before) } : before,
    after: c.central ? { ...after, ...money(c.central.after) } : after,
  });
};
