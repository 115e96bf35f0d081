import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  projectApiMessages as m,
  type SendTemplateMessageRequest,
  type SendTemplateMessageResponse,
} from '@pc/contract';
import type { Db } from '../../platform/db/open.js';
import { projectApiIdempotencyKeys as keys } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors/app-error.js';

/**
 * Idempotency-Key on a send (contract `IDEMPOTENCY_KEY_HEADER`). The key is claimed in one
 * statement before anything is checked or sent, so two requests with one key never both send: the
 * second finds the claim. A claim older than 24 hours is free again. A refused send (any error)
 * gives its key back, so the client may retry it once the cause is fixed (credit topped up); an
 * accepted one keeps the provider's message id, which later requests with the key are answered.
 */

/** The body as JSON with its keys sorted, hashed: the same request written in another key order is the same. */
export const requestHashOf = (body: SendTemplateMessageRequest): string => {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : Array.isArray(v)
        ? v.map(canonical)
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
};

/** A claim names its partner, so that on a distributed database each statement on it goes to that partner's node alone. */
type Claim = { partnerId: string; projectId: string; key: string; requestHash: string };

/** Claims the key (new, or its claim expired): answers whether it is now this request's. */
const claim = async (db: Db, c: Claim, now: Date): Promise<boolean> => {
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const rows = await db
    .insert(keys)
    .values({ ...c, createdAt: now })
    .onConflictDoUpdate({
      target: [keys.projectId, keys.key, keys.partnerId],
      set: { requestHash: c.requestHash, messageId: null, createdAt: now, answeredAt: null },
      setWhere: lt(keys.createdAt, expired),
    })
    .returning({ key: keys.key });
  return rows.length > 0;
};

/** A claim's row, by its whole key (the partner first: on a distributed database, its node). */
const keyOf = (c: Claim) => and(eq(keys.partnerId, c.partnerId), eq(keys.projectId, c.projectId), eq(keys.key, c.key));

const holderOf = async (db: Db, c: Claim) =>
  (await db.select({ requestHash: keys.requestHash, messageId: keys.messageId }).from(keys).where(keyOf(c)))[0];

/** Gives a claim back (its send was refused); only while it holds no message id. */
const release = (db: Db, c: Claim) =>
  db.delete(keys).where(and(keyOf(c), eq(keys.requestHash, c.requestHash), isNull(keys.messageId)));

const answered = (db: Db, c: Claim, messageId: string, now: Date) =>
  db
    .update(keys)
    .set({ messageId, answeredAt: now })
    .where(and(keyOf(c), eq(keys.requestHash, c.requestHash)));

export type SendOutcome = { answer: SendTemplateMessageResponse; replayed: boolean };

/** Runs `send` once for a key: a repeat is answered from the first, or refused when it cannot be. */
export const sendOnce = async (
  db: Db,
  now: () => Date,
  c: { partnerId: string; projectId: string; key: string | undefined; body: SendTemplateMessageRequest },
  send: () => Promise<SendTemplateMessageResponse>,
): Promise<SendOutcome> => {
  if (c.key === undefined) return { answer: await send(), replayed: false };
  const held: Claim = {
    partnerId: c.partnerId,
    projectId: c.projectId,
    key: c.key,
    requestHash: requestHashOf(c.body),
  };
  // Twice: the holder found by a lost claim may give the key back before it is read.
  for (let round = 0; round < 2; round += 1) {
    if (await claim(db, held, now())) {
      let answer: SendTemplateMessageResponse;
      try {
        answer = await send();
      } catch (error) {
        await release(db, held);
        throw error;
      }
      // Not recorded (the database failing now): the claim stays without an id, and a retry is
      // told the send may have happened (409) rather than sending again.
      await answered(db, held, answer.messageId, now()).catch(() => undefined);
      return { answer, replayed: false };
    }
    const holder = await holderOf(db, held);
    if (!holder) continue;
    if (holder.requestHash !== held.requestHash)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, m.idempotencyKeyReused);
    if (!holder.messageId) throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409, m.idempotencyKeyInUse);
    return { answer: { messageId: holder.messageId, status: 'accepted' }, replayed: true };
  }
  throw new AppError('IDEMPOTENCY_KEY_IN_USE', 409, m.idempotencyKeyInUse);
};
