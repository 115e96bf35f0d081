import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import type { Deps } from '../src/deps.js';
import { readEnv } from '../src/env.js';
import { createTokenService } from '../src/platform/auth/tokens.js';
import { fromPglite, fromPostgres, noteDistribution, pgliteOptions, type Database } from '../src/platform/db/open.js';
import { createOutbox, type OutboxProvider } from '../src/providers/mail/outbox.js';
import { serverDatabases } from './server-databases.js';

/** A fresh copy of the migrated template database (with the demo world seeded when asked) for one test file. */
export const freshDatabase = async (opts: { seeded?: boolean } = {}): Promise<Database> => {
  const env = readEnv();
  const template = inject(opts.seeded ? 'seededDatabase' : 'templateDatabase');
  if (env.DATABASE_URL && template) {
    const name = `pc_test_${randomBytes(6).toString('hex')}`;
    const databases = await serverDatabases(env.DATABASE_URL);
    const database = await noteDistribution(fromPostgres(await databases.create(name, template)));
    return {
      ...database,
      close: async () => {
        // Dropping with force ends connections the pool is still closing: that is expected, not an error.
        database.pool?.on('error', () => {});
        await database.close();
        await databases.drop(name);
        await databases.close();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-test-db-'));
  cpSync(inject(opts.seeded ? 'seededDataDir' : 'templateDataDir'), dir, { recursive: true });
  const database = fromPglite(await PGlite.create(dir, pgliteOptions));
  return {
    ...database,
    close: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export type TestContext = {
  app: App;
  deps: Deps;
  database: Database;
  outbox: OutboxProvider;
  clock: { now: Date };
  close: () => Promise<void>;
};

/** The app on a fresh database, with the demo world seeded unless asked otherwise. */
export const startTestApp = async (
  opts: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<TestContext> => {
  // The demo world comes from the seeded template: it is the same seed, run once for the whole run.
  const database = await freshDatabase({ seeded: opts.seed !== false });
  const env = readEnv({
    ...process.env,
    DATA_DIR: path.join(os.tmpdir(), 'pc-test-unused'),
    // Tests call public routes far more often than people do; the limits' own tests set them low.
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    ...opts.env,
  });
  const outbox = createOutbox(path.join(os.tmpdir(), `pc-outbox-${process.pid}`), env.SMTP_FROM);
  const clock = { now: new Date() };
  const deps: Deps = {
    db: database.db,
    env,
    tokens: createTokenService('test-secret-test-secret-test-secret!'),
    mail: outbox,
    now: () => clock.now,
  };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    database,
    outbox,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

export type CallResult<T = Record<string, unknown>> = { status: number; body: T };

/** One API call as the web makes it. */
export const call = async <T = Record<string, unknown>>(
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<CallResult<T>> => {
  const res = await app.inject({
    method,
    url,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  // A page (the link callback's, the sandbox's) is no JSON: its body is left to app.inject's callers.
  const json = res.body && String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, body: json ? (JSON.parse(res.body) as T) : ({} as T) };
};

export const signIn = async (app: App, userName: string, password: string): Promise<string> => {
  const res = await call<{ token: string; message?: string }>(app, 'POST', '/auth/login', {
    body: { userName, password },
  });
  if (res.status !== 200) throw new Error(`sign-in of ${userName} failed: ${res.status} ${res.body.message}`);
  return res.body.token;
};

export const demoPasswords: Record<string, string> = {
  owner: 'Owner@123',
  agent: 'Agent@123',
  priya: 'Priya@123',
  direct: 'Direct@123',
  ads: 'Ads@123',
  referral: 'Referral@123',
  admin: 'Admin@123',
};

export const signInAs = (app: App, userName: keyof typeof demoPasswords) =>
  signIn(app, userName, demoPasswords[userName]!);
