import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { readEnv } from '../src/env.js';
import { fromPglite, fromPostgres, noteDistribution, pgliteOptions } from '../src/platform/db/open.js';
import { migrate } from '../src/platform/db/migrate.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';
import { serverDatabases } from './server-databases.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  export interface ProvidedContext {
    /** PGlite data directories: migrated, and migrated with the demo world seeded. */
    templateDataDir: string;
    seededDataDir: string;
    /** PostgreSQL template databases, the same two. */
    templateDatabase: string;
    seededDatabase: string;
  }
}

/**
 * Migrates one template database for the whole run, and a second one with the demo world seeded
 * (its passwords are hashed once rather than in every file); each test file then starts from a
 * copy of either: a PGlite data directory copied on disk (the operating system copies it faster
 * than PGlite unpacks a dump, and PostgreSQL reads only the pages a test touches), or a PostgreSQL
 * database created from a template when DATABASE_URL is set (on Citus, on every node:
 * server-databases.ts).
 */
export default async function setup(project: TestProject) {
  const env = readEnv();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-test-'));
  if (env.DATABASE_URL) {
    const names = { template: `pc_template_${process.pid}`, seeded: `pc_seeded_${process.pid}` };
    const databases = await serverDatabases(env.DATABASE_URL);
    for (const name of [names.seeded, names.template]) await databases.drop(name);
    const template = await noteDistribution(fromPostgres(await databases.create(names.template)));
    await migrate(template);
    await template.close();
    const seeded = await noteDistribution(fromPostgres(await databases.create(names.seeded, names.template)));
    await seedDemoIfEmpty(seeded.db);
    await seeded.close();
    project.provide('templateDatabase', names.template);
    project.provide('seededDatabase', names.seeded);
    project.provide('templateDataDir', '');
    project.provide('seededDataDir', '');
    return async () => {
      for (const name of [names.seeded, names.template]) await databases.drop(name);
      await databases.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const templateDataDir = path.join(dir, 'template');
  const seededDataDir = path.join(dir, 'seeded');
  const template = fromPglite(await PGlite.create(templateDataDir, pgliteOptions));
  await migrate(template);
  await template.close();
  cpSync(templateDataDir, seededDataDir, { recursive: true });
  const seeded = fromPglite(await PGlite.create(seededDataDir, pgliteOptions));
  await seedDemoIfEmpty(seeded.db);
  await seeded.close();
  project.provide('templateDataDir', templateDataDir);
  project.provide('seededDataDir', seededDataDir);
  project.provide('templateDatabase', '');
  project.provide('seededDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
