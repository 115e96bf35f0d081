import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ProjectListQuery } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { writeFeedOf } from '../../platform/db/open.js';
import { businesses, partners, projects } from '../../platform/db/schema.js';
import type { ListScope } from './filters.js';
import { notePageWrite } from './page-cache.js';
import { plainPage } from './plain-page.js';

// The plain first pages are kept on the embedded database, and on PostgreSQL while its write feed is
// live (page-cache.ts). A write the app does not send (through the database client itself, as no code
// of the console does) shows whether a page was read again or kept: with the tables' triggers off it
// is a write nobody hears; with them on, another process's write, heard through the feed. On Citus
// nothing is kept (no feed), so every page is read.
let t: TestContext;
let scope: ListScope;
beforeAll(async () => {
  t = await startTestApp();
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  scope = { partnerId: acme!.id, referralAgentId: null };
  await page();
  // On PostgreSQL the first list read starts the feed; pages are kept once it hears its own probe.
  if (!embedded() && keeps())
    await vi.waitFor(() => expect(writeFeedOf(t.database.db)?.live).toBe(true), { timeout: 10_000 });
}, 120_000);
afterAll(() => t.close());

const first = { filter: 'All', skip: 0, rowsPerPage: 15 } as ProjectListQuery;
const page = () => plainPage(t.database.db, scope, first, 'dec');
const embedded = () => t.database.kind === 'pglite';
/** Whether pages are kept: everywhere but on Citus. */
const keeps = () => !process.env.CITUS_SUITE;
type Client = { query: (text: string, params?: unknown[]) => Promise<unknown> };
const rawClient = () =>
  (t.database.db as unknown as { $client: Client & { connect?: () => Promise<Client & { release: () => void }> } })
    .$client;
/** Renames a project behind the app's back (no statement of the app's is seen) and with the tables' triggers off: nobody hears it. */
const renameUnseen = async (id: string, name: string) => {
  const run = async (client: Client) => {
    await client.query('set session_replication_role = replica');
    try {
      await client.query('update projects set name = $1 where id = $2', [name, id]);
    } finally {
      await client.query('set session_replication_role = default');
    }
  };
  const pooled = rawClient();
  if (embedded() || !pooled.connect) return run(pooled);
  const client = await pooled.connect();
  try {
    await run(client);
  } finally {
    client.release();
  }
};
/** Renames a project as another process would: not seen by this one, heard through the feed on PostgreSQL. */
const renameElsewhere = (id: string, name: string) =>
  rawClient().query('update projects set name = $1 where id = $2', [name, id]);
/** On PostgreSQL pages are kept again once this process's last write is a second old (page-cache.ts, QUIET_MS). */
const keptAgain = async () => {
  if (!embedded()) await new Promise((resolve) => setTimeout(resolve, 1_100));
  await page();
};

describe('the first pages kept', () => {
  it('are read once (every time on Citus)', async () => {
    const before = await page();
    const top = before.rows[0]!;
    await renameUnseen(top.id, `${top.name} (renamed unseen)`);
    const again = await page();
    expect(again.rows[0]!.name).toBe(keeps() ? top.name : `${top.name} (renamed unseen)`);
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));
    expect((await page()).rows[0]!.name).toBe(top.name);
  });

  it('are read again after the app writes a project, its business, or the counters', async () => {
    const { rows, total } = await page();
    const top = rows[0]!;
    await t.database.db
      .update(projects)
      .set({ name: `${top.name} (renamed)` })
      .where(eq(projects.id, top.id));
    expect((await page()).rows[0]!.name).toBe(`${top.name} (renamed)`);
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));

    const [business] = await t.database.db.select().from(businesses).where(eq(businesses.id, top.businessId));
    await t.database.db
      .update(businesses)
      .set({ displayName: `${business!.displayName} (renamed)` })
      .where(eq(businesses.id, business!.id));
    expect((await page()).rows[0]!.businessName).toBe(`${business!.displayName} (renamed)`);
    await t.database.db
      .update(businesses)
      .set({ displayName: business!.displayName })
      .where(eq(businesses.id, business!.id));
    expect(await page()).toEqual({ rows, total });
  });

  it('do not keep a read that was under way when a write was seen', async () => {
    const top = (await page()).rows[0]!;
    await renameUnseen(top.id, `${top.name} (unseen)`);
    // The cache is emptied by the app's next write; the read started before it is not kept.
    notePageWrite('update "projects" set "name" = $1');
    const reading = page();
    notePageWrite('update "projects" set "name" = $1');
    await reading;
    await renameUnseen(top.id, top.name);
    expect((await page()).rows[0]!.name).toBe(top.name);
  });

  it('are not emptied by writes elsewhere', async () => {
    await keptAgain();
    const top = (await page()).rows[0]!;
    notePageWrite('update "partners" set "balance" = $1');
    notePageWrite('insert into "webhook_attempts" (id) values ($1)');
    await renameUnseen(top.id, `${top.name} (unseen)`);
    expect((await page()).rows[0]!.name).toBe(keeps() ? top.name : `${top.name} (unseen)`);
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));
  });
});

describe.runIf(process.env.DATABASE_URL && !process.env.CITUS_SUITE)('the first pages kept on PostgreSQL', () => {
  it('are read again when another process writes what they show, once its commit is heard', async () => {
    await keptAgain();
    const top = (await page()).rows[0]!;
    await renameElsewhere(top.id, `${top.name} (elsewhere)`);
    await vi.waitFor(async () => expect((await page()).rows[0]!.name).toBe(`${top.name} (elsewhere)`), {
      timeout: 5_000,
    });
    await renameElsewhere(top.id, top.name);
    await vi.waitFor(async () => expect((await page()).rows[0]!.name).toBe(top.name), { timeout: 5_000 });
  });

  it('are not kept after this process writes until the write is a second old', async () => {
    const top = (await page()).rows[0]!;
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));
    await page();
    await renameUnseen(top.id, `${top.name} (unseen)`);
    expect((await page()).rows[0]!.name).toBe(`${top.name} (unseen)`);
    await renameUnseen(top.id, top.name);
  });

  it('are read every time while the feed is down, and kept again once it listens again', async () => {
    await keptAgain();
    const top = (await page()).rows[0]!;
    const feed = writeFeedOf(t.database.db)!;
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN table_writes' and pid <> pg_backend_pid()`,
    );
    await vi.waitFor(() => expect(feed.live).toBe(false), { timeout: 5_000 });
    await renameUnseen(top.id, `${top.name} (while down)`);
    expect((await page()).rows[0]!.name).toBe(`${top.name} (while down)`);
    await renameUnseen(top.id, top.name);
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 10_000 });
    await keptAgain();
    expect((await page()).rows[0]!.name).toBe(top.name);
    await renameUnseen(top.id, `${top.name} (unseen)`);
    expect((await page()).rows[0]!.name).toBe(top.name);
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));
  });
});
