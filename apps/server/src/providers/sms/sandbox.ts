import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/open.js';
import { newId } from '../../platform/db/ids.js';
import { sandboxPhoneMessages } from '../../platform/db/schema.js';
import type { SmsProvider } from './sms.js';

/** What a sandbox phone keeps: its newest messages. */
const INBOX_SIZE = 10;

/** The sandbox phone network: a message sent is a row for its number, read back by `inbox`. */
export const createSandboxSms = (db: DbOrTx, now: () => Date): SmsProvider & { inbox: typeof readInbox } => ({
  mode: 'sandbox',
  send: async ({ to, text }) => {
    await db.insert(sandboxPhoneMessages).values({ id: newId(), phone: to, text, createdAt: now() });
    const kept = await readInbox(db, to);
    const oldest = kept.at(-1);
    // Older messages than the inbox holds are dropped: a phone is a short list, not a log.
    if (kept.length === INBOX_SIZE && oldest)
      await db
        .delete(sandboxPhoneMessages)
        .where(and(eq(sandboxPhoneMessages.phone, to), lt(sandboxPhoneMessages.createdAt, new Date(oldest.at))));
  },
  inbox: readInbox,
});

/** A sandbox phone's messages, newest first. */
const readInbox = async (db: DbOrTx, phone: string) =>
  (
    await db
      .select({ text: sandboxPhoneMessages.text, at: sandboxPhoneMessages.createdAt })
      .from(sandboxPhoneMessages)
      .where(eq(sandboxPhoneMessages.phone, phone))
      .orderBy(desc(sandboxPhoneMessages.createdAt))
      .limit(INBOX_SIZE)
  ).map((m) => ({ text: m.text, at: m.at.toISOString() }));
