import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { migrationsFolder } from '../../platform/db/migrate.js';
import type { Database } from '../../platform/db/open.js';
import { agents, notificationSettings } from '../../platform/db/schema.js';
import { ownerMailKinds } from './owner-mail.js';

/**
 * Migration 0054 keeps what each member was mailed when the owner's own mails came under its
 * preferences: rows as 0053 wrote them (an empty list for "nothing ticked"), the migration's
 * statements run again over them (its column changes are no-ops the second time).
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
});
afterAll(() => database.close());

it("0054: an empty list becomes the defaults; an owner's ticked list gains its own kinds; the rest stay", async () => {
  const db = database.db;
  const partnerId = await findPartnerIdByName(db, 'Acme Messaging');
  const team = await db
    .select({ id: agents.id, role: agents.agentRole })
    .from(agents)
    .where(eq(agents.partnerId, partnerId));
  const owner = team.find((a) => a.role === 'OWNER')!;
  const [first, second] = team.filter((a) => a.role !== 'OWNER');
  const directId = await findPartnerIdByName(db, 'Direct Retail');
  const [directOwner] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.partnerId, directId), eq(agents.agentRole, 'OWNER')));
  await db.delete(notificationSettings);
  await db.insert(notificationSettings).values([
    { partnerId, agentId: owner.id, mailKinds: ['TEMPLATE_APPROVED', 'WALLET_LEVEL'] },
    { partnerId, agentId: first!.id, mailKinds: [] },
    { partnerId, agentId: second!.id, mailKinds: ['TEMPLATE_REJECTED'] },
    { partnerId: directId, agentId: directOwner!.id, mailKinds: [] },
  ]);
  const file = readFileSync(path.join(migrationsFolder, '0054_owner_mail_preferences.sql'), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
  const kindsOf = async (agentId: string) =>
    (
      await db
        .select({ kinds: notificationSettings.mailKinds })
        .from(notificationSettings)
        .where(eq(notificationSettings.agentId, agentId))
    )[0]!.kinds;
  expect(await kindsOf(owner.id)).toEqual([
    'TEMPLATE_APPROVED',
    'WALLET_LEVEL',
    ...ownerMailKinds.filter((k) => k !== 'WALLET_LEVEL'),
  ]);
  expect(await kindsOf(first!.id)).toBeNull();
  expect(await kindsOf(second!.id)).toEqual(['TEMPLATE_REJECTED']);
  expect(await kindsOf(directOwner!.id)).toBeNull();
});
