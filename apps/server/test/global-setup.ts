import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { readEnv } from '../src/env.js';
import { fromPglite, fromPostgres } from '../src/platform/db/open.js';
import { migrate } from '../src/platform/db/migrate.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  export interface ProvidedContext {
    templateDump: string;
    templateDatabase: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then starts from a copy of
 * it: a PGlite data-dir dump, or a PostgreSQL database created from a template when DATABASE_URL
 * is set.
 */
export default async function setup(project: TestProject) {
  const env = readEnv();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-test-'));
  if (env.DATABASE_URL) {
    const name = `pc_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${name}`;
    const database = fromPostgres(url.toString());
    await migrate(database);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('templateDump', '');
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const client = await PGlite.create();
  const database = fromPglite(client);
  await migrate(database);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('templateDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
