import type { ActivityAction, ActivityTargetKind } from '@pc/contract';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { partnerAuditLog } from '../../platform/db/schema.js';

/** Who did it: the signed-in member (`agentOf(request)`), with the address the request came from. */
export type ActivityAuthor = Pick<AgentViewer, 'partnerId' | 'agentId' | 'name' | 'address'>;

export type PartnerChange = {
  action: ActivityAction;
  target: { kind: ActivityTargetKind; id: string; name?: string };
  /**
   * The fields the change touched, as they were and as they are (`changedFields` gives both from two
   * versions); null for what did not exist before or no longer exists after. Never a secret: a
   * secret's change is written `{ secret: 'rotated' }`.
   */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** When it was done, if not now: the demo seed's past changes. */
  createdAt?: Date;
};

/**
 * Writes one entry of the partner's activity log, in the caller's transaction (pass the `tx` that
 * makes the change): the change and its entry commit or roll back together. The partner is the
 * author's, never the payload's.
 */
export const recordPartnerChange = async (db: DbOrTx, author: ActivityAuthor, change: PartnerChange) => {
  await db.insert(partnerAuditLog).values({
    id: newId(),
    partnerId: author.partnerId,
    memberId: author.agentId,
    memberName: author.name,
    action: change.action,
    targetKind: change.target.kind,
    targetId: change.target.id,
    targetName: change.target.name ?? '',
    before: change.before ?? null,
    after: change.after ?? null,
    address: author.address,
    ...(change.createdAt ? { createdAt: change.createdAt } : {}),
  });
};
