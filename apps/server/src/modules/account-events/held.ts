import type { DbOrTx } from '../../platform/db/open.js';
import { wordOf, type AccountField } from '../../providers/meta/accounts/words.js';
import { accountChangeOf } from './apply.js';
import { accountMailLine } from './mail.js';
import { notifyAccountWord } from '../notifications/events.js';
import {
  enqueueAccountMail,
  heldEventsOf,
  lockProjectsOfWaba,
  settleHeldEvent,
  updateAccountProject,
} from './queries.js';
import { projectsConcerned } from './receive.js';

/**
 * Meta sends account_update PARTNER_ADDED as the client finishes Embedded Signup, often before the
 * console has traded the code and learnt the account's id: the change was kept as an unknown
 * account's. When a project takes the account (connectSharedWaba), in its transaction, what was
 * held is applied to it in the order it happened, as if it had arrived now; the outcome is settled,
 * so it is applied once.
 */
export const applyHeldAccountEvents = async (tx: DbOrTx, wabaId: string, now: Date) => {
  for (const event of await heldEventsOf(tx, wabaId)) {
    const word = wordOf(event.field as AccountField, event.value);
    // Read again for each: the one before may have changed what the next compares with.
    const concerned = word ? projectsConcerned(word, await lockProjectsOfWaba(tx, wabaId)) : [];
    let applied = false;
    for (const p of concerned) {
      const change = word ? accountChangeOf(p, word, event.happenedAt) : null;
      if (!change) continue;
      await updateAccountProject(tx, p, change.values);
      if (change.tell && word) await enqueueAccountMail(tx, p, word, event.digest, now);
      if (change.tell && word) await notifyAccountWord(tx, p, word, accountMailLine(word), event.digest, now);
      applied = true;
    }
    const first = concerned[0];
    await settleHeldEvent(tx, event.id, {
      outcome: applied ? 'applied' : concerned.length > 0 ? 'unchanged' : 'unknown_number',
      partnerId: first?.partnerId ?? null,
      projectId: first?.id ?? null,
    });
  }
};
