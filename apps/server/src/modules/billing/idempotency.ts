import { projectBillingTexts } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { billingLogs } from '../../platform/db/schema.js';
import { conflict } from '../../platform/errors/app-error.js';
import { findByIdempotencyKey } from './ledger.js';

export type BillingLogRow = typeof billingLogs.$inferSelect;

/** The fields of the billing-log row a request writes that say which request it was. */
export type RequestPrint = Partial<
  Pick<BillingLogRow, 'projectId' | 'balance' | 'action' | 'amount' | 'reasonCode' | 'message'>
>;

export type MoneyCall<T> = {
  partnerId: string;
  /** The caller's Idempotency-Key; without one the call simply runs. */
  key: string | undefined;
  /**
   * Moves the money. It must put `ledgerKey` on the first ledger entry it posts, in its own
   * transaction: the key is then recorded exactly when the money moved.
   */
  run: (ledgerKey: string | undefined) => Promise<T>;
  /** What the row of this request would say; asked only when the key was used already. */
  print: () => RequestPrint | Promise<RequestPrint>;
  /** The answer to a retry, from the row the first request wrote. */
  replay: (row: BillingLogRow) => T | Promise<T>;
};

/**
 * Every money-moving call goes through here, so a retried request moves money once. A key
 * already on a billing-log row of the partner: the same request (its print matches the row) is
 * answered from the row and moves nothing; another request is a 409. Two requests with one key at
 * once: the loser fails (on the key's unique index, or on the state the winner left, e.g. "already
 * on this plan"), then finds the winner's row and answers like a retry. A refused request records
 * nothing, so its key may be sent again. A call that moves no money (a free plan or add-on)
 * records nothing either: its retry runs again, moving no money.
 */
export const oncePerKey = async <T>(deps: Deps, c: MoneyCall<T>): Promise<T> => {
  if (!c.key) return c.run(undefined);
  // Namespaced apart from the keys the charging writes (one per conversation).
  const ledgerKey = `request:${c.key}`;
  const earlier = async (): Promise<{ answer: T } | undefined> => {
    const row = await findByIdempotencyKey(deps.db, c.partnerId, ledgerKey);
    if (!row) return undefined;
    const print = await c.print();
    const same = (Object.keys(print) as (keyof RequestPrint)[]).every((field) => row[field] === print[field]);
    // A key names one request: the same key on another request is the caller's mistake, not a retry.
    if (!same) throw conflict(projectBillingTexts.idempotencyKeyReused);
    return { answer: await c.replay(row) };
  };
  const done = await earlier();
  if (done) return done.answer;
  try {
    return await c.run(ledgerKey);
  } catch (error) {
    const winner = await earlier();
    if (winner) return winner.answer;
    throw error;
  }
};
