import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { type AccountField, type AccountWord, wabaOf, wordOf } from '../../providers/meta/accounts/words.js';
import { recordMetaTier } from '../charging/volume-tiers.js';
import { accountChangeOf } from './apply.js';
import { accountMailLine } from './mail.js';
import { notifyAccountWord } from '../notifications/events.js';
import { enqueueAccountMail, lockProjectsOfWaba, recordAccountEvent, updateAccountProject } from './queries.js';

export type AccountEventsCtx = Pick<Deps, 'db' | 'now'>;

/** One change of a webhook delivery: the entry it came in (its id and time) and the change itself. */
export type AccountDelivery = { entryId: string; time: number | undefined; field: AccountField; value: unknown };

export type AccountOutcome = 'applied' | 'unchanged' | 'repeated' | 'unknown_account' | 'unknown_number' | 'unread';

/** Meta's time is seconds since 1970; a missing or absurd one is the moment it arrived. */
const happenedAt = (time: number | undefined, now: Date) =>
  typeof time === 'number' && time > 1e9 && time < 1e11 ? new Date(time * 1000) : now;

const digestOf = (d: AccountDelivery) =>
  createHash('sha256')
    .update(JSON.stringify([d.field, d.entryId, d.time ?? null, d.value]))
    .digest('hex');

/** The words about one number are the project with that number; the others, every project on the account. */
export const projectsConcerned = <P extends { whatsappNumber: string | null }>(word: AccountWord, all: P[]) =>
  word.kind === 'limit' || word.kind === 'name'
    ? all.filter((p) => (p.whatsappNumber ?? '').replace(/\D/g, '') === word.phone)
    : all;

/**
 * An account or number webhook: kept as it came (once: Meta's retry of the same change is
 * `repeated`), then applied to the projects of the account it names, in one transaction with them
 * locked, the owner's mail enqueued in it. A change for an account no partner has, or one the
 * console cannot read, is kept and changes nothing. Never throws for what Meta sent: the delivery is
 * answered 200 and not retried for days.
 */
export const receiveAccountChange = async (ctx: AccountEventsCtx, d: AccountDelivery): Promise<AccountOutcome> => {
  const now = ctx.now();
  const at = happenedAt(d.time, now);
  const digest = digestOf(d);
  const wabaId = wabaOf(d.entryId, d.value);
  const word = wordOf(d.field, d.value);
  return ctx.db.transaction(async (tx) => {
    const found = wabaId ? await lockProjectsOfWaba(tx, wabaId) : [];
    const concerned = word ? projectsConcerned(word, found) : [];
    const outcome: AccountOutcome = !word
      ? 'unread'
      : found.length === 0
        ? 'unknown_account'
        : concerned.length === 0
          ? 'unknown_number'
          : 'unchanged';
    let applied = false;
    const changes = concerned.flatMap((p) => {
      const change = word ? accountChangeOf(p, word, at) : null;
      return change ? [{ p, change }] : [];
    });
    const first = concerned[0];
    const kept = await recordAccountEvent(
      tx,
      {
        digest,
        field: d.field,
        wabaId,
        happenedAt: at,
        partnerId: first?.partnerId ?? null,
        projectId: first?.id ?? null,
        outcome: changes.length > 0 ? 'applied' : outcome,
        // A change without a value is kept as an empty one: the column holds what came, never SQL null.
        value: (d.value ?? {}) as object,
      },
      now,
    );
    if (!kept) return 'repeated';
    if (word?.kind === 'volumeTier' && first) applied = await recordMetaTier(tx, first, word, at);
    for (const { p, change } of changes) {
      await updateAccountProject(tx, p, change.values);
      if (change.tell && word) await enqueueAccountMail(tx, p, word, digest, now);
      if (change.tell && word) await notifyAccountWord(tx, p, word, accountMailLine(word), digest, now);
      applied = true;
    }
    return applied ? 'applied' : outcome;
  });
};
