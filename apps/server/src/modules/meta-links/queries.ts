import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { metaLinkUses } from '../../platform/db/schema/meta-links.js';

export const linkUsed = async (db: DbOrTx, partnerId: string, stateHash: string) =>
  (
    await db
      .select({ kind: metaLinkUses.kind })
      .from(metaLinkUses)
      .where(and(eq(metaLinkUses.partnerId, partnerId), eq(metaLinkUses.stateHash, stateHash)))
  ).length > 0;

/** Spends a link's state; false when another callback spent it first. */
export const claimLink = async (
  db: DbOrTx,
  u: { partnerId: string; projectId: string; stateHash: string; kind: string; now: Date },
) =>
  (
    await db
      .insert(metaLinkUses)
      .values({ partnerId: u.partnerId, stateHash: u.stateHash, projectId: u.projectId, kind: u.kind, usedAt: u.now })
      .onConflictDoNothing()
      .returning({ kind: metaLinkUses.kind })
  ).length > 0;

/** Gives a spent state back, when what it completes was refused after all (Meta Ads' own checks). */
export const releaseLink = (db: DbOrTx, partnerId: string, stateHash: string) =>
  db.delete(metaLinkUses).where(and(eq(metaLinkUses.partnerId, partnerId), eq(metaLinkUses.stateHash, stateHash)));
