import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { isEmbedded, type Database } from '../platform/db/open.js';
import { makePartner } from './factories.js';
import { withForeignKeysCheckedOnce } from './foreign-keys.js';

/** The seed's writes with the foreign keys checked once at the end (seed/foreign-keys.ts). */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const disabledChecks = async () =>
  (await rows(sql`select count(*)::int as n from pg_trigger where tgisinternal and tgenabled = 'D'`))[0]!.n;
const roleOfNoPartner = sql`insert into roles (partner_id, name, access_level) values ('no-such-partner', 'Ghost', '{}'::jsonb)`;

// On PostgreSQL the seed checks each row as it is written: only the choice is tested there.
const onPostgres = Boolean(process.env.DATABASE_URL);

it('checks once on the embedded database only', () => {
  expect(isEmbedded(database.db)).toBe(database.kind === 'pglite');
});

describe.skipIf(onPostgres)('foreign keys checked once, on the embedded database', () => {
  it('writes rows that hold, with the checks on again afterwards', async () => {
    await database.db.transaction((tx) =>
      withForeignKeysCheckedOnce(tx, async () => {
        const partner = await makePartner(tx, { name: 'Checked Once' });
        await tx.execute(
          sql`insert into roles (partner_id, name, access_level) values (${partner.id}, 'Viewer', '{}'::jsonb)`,
        );
      }),
    );
    expect(
      await rows(
        sql`select name from roles where name = 'Viewer' and partner_id in (select id from partners where name = 'Checked Once')`,
      ),
    ).toHaveLength(1);
    expect(await disabledChecks()).toBe(0);
    // Checked row by row again: the same broken row fails at once.
    await expect(database.db.execute(roleOfNoPartner)).rejects.toThrow();
  });

  it('fails the whole transaction, naming the key, when a row lacks its referenced row', async () => {
    await expect(
      database.db.transaction((tx) =>
        withForeignKeysCheckedOnce(tx, async () => {
          await makePartner(tx, { name: 'Rolled Back' });
          await tx.execute(roleOfNoPartner);
        }),
      ),
    ).rejects.toThrow(/broke foreign keys: roles_partner_id_partners_id_fk/);
    expect(await rows(sql`select id from partners where name = 'Rolled Back'`)).toHaveLength(0);
    expect(await disabledChecks()).toBe(0);
  });
});
