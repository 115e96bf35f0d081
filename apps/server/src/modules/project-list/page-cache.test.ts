import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProjectListQuery } from '@pc/contract';
import { startTestApp, type TestContext } from '../../../test/harness.js';
import { businesses, partners, projects } from '../../platform/db/schema.js';
import type { ListScope } from './filters.js';
import { notePageWrite } from './page-cache.js';
import { plainPage } from './plain-page.js';

// The plain first pages are kept on the embedded database and read every time on PostgreSQL
// (page-cache.ts). A write the app does not send (through the database client itself, as no code of
// the console does) shows whether a page was read again or kept.
let t: TestContext;
let scope: ListScope;
beforeAll(async () => {
  t = await startTestApp();
  const [acme] = await t.database.db.select().from(partners).where(eq(partners.name, 'Acme Messaging'));
  scope = { partnerId: acme!.id, referralAgentId: null };
}, 120_000);
afterAll(() => t.close());

const first = { filter: 'All', skip: 0, rowsPerPage: 15 } as ProjectListQuery;
const page = () => plainPage(t.database.db, scope, first, 'dec');
const embedded = () => t.database.kind === 'pglite';
/** Renames a project behind the app's back: no statement of the app's is seen. */
const renameUnseen = async (id: string, name: string) => {
  const client = (
    t.database.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }
  ).$client;
  await client.query('update projects set name = $1 where id = $2', [name, id]);
};

describe('the first pages kept', () => {
  it('are read once on the embedded database, and every time on PostgreSQL', async () => {
    const before = await page();
    const top = before.rows[0]!;
    await renameUnseen(top.id, `${top.name} (renamed unseen)`);
    const again = await page();
    expect(again.rows[0]!.name).toBe(embedded() ? top.name : `${top.name} (renamed unseen)`);
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
    const top = (await page()).rows[0]!;
    notePageWrite('update "partners" set "balance" = $1');
    notePageWrite('insert into "webhook_attempts" (id) values ($1)');
    await renameUnseen(top.id, `${top.name} (unseen)`);
    expect((await page()).rows[0]!.name).toBe(embedded() ? top.name : `${top.name} (unseen)`);
    await t.database.db.update(projects).set({ name: top.name }).where(eq(projects.id, top.id));
  });
});
