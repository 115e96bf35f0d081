import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fullAccess,
  hasPermission,
  noAccess,
  OWNER_ROLE,
  type Access,
  type AccessLevel,
  type Permission,
} from '@pc/contract';
import type { App } from '../../src/app.js';
import type { AccessRow } from '../../src/platform/access/access.js';
import { makeAgent, makeRole, managerAccess, readOnlyAccess } from '../../src/seed/factories.js';
import { findPartnerIdByName } from '../fixtures.js';
import { call, signIn, signInAs, startTestApp } from '../harness.js';
import { startProbeApp } from '../probe.js';

/**
 * Every route as each kind of user: allowed exactly when the route's declared access says so by
 * the contract's rules (hasPermission, OWNER), which the web uses too. Refused is 401 without a
 * session and 403 with one; allowed is anything else (the neutral body may well be a 400).
 */
const billingsOnly: AccessLevel = { ...noAccess, billings: { read: true } };

type Persona = {
  name: string;
  who: { kind: 'agent'; agentRole: string; accessLevel: AccessLevel } | { kind: 'superadmin' } | null;
  signIn?: (app: App) => Promise<string>;
};

const personas: Persona[] = [
  { name: 'anonymous', who: null },
  {
    name: 'owner (Acme)',
    who: { kind: 'agent', agentRole: OWNER_ROLE, accessLevel: fullAccess },
    signIn: (app) => signInAs(app, 'owner'),
  },
  {
    name: 'agent (Viewer)',
    who: { kind: 'agent', agentRole: 'Viewer', accessLevel: readOnlyAccess },
    signIn: (app) => signInAs(app, 'agent'),
  },
  {
    name: 'priya (Manager)',
    who: { kind: 'agent', agentRole: 'Manager', accessLevel: managerAccess },
    signIn: (app) => signInAs(app, 'priya'),
  },
  {
    name: 'custom role with Billings only',
    who: { kind: 'agent', agentRole: 'Billing Clerk', accessLevel: billingsOnly },
    signIn: (app) => signIn(app, 'clerk', 'Clerk@1234'),
  },
  {
    name: 'custom role with everything',
    who: { kind: 'agent', agentRole: 'Everything', accessLevel: fullAccess },
    signIn: (app) => signIn(app, 'everything', 'Everything@123'),
  },
  { name: 'super-admin', who: { kind: 'superadmin' }, signIn: (app) => signInAs(app, 'admin') },
];

/** The contract's answer to "may this user call a route declared with this access?". */
const mayCall = (who: Persona['who'], access: Access): boolean => {
  if (access === 'public') return true;
  if (!who) return false;
  if (access === 'authenticated') return true;
  if (access === 'superadmin') return who.kind === 'superadmin';
  if (who.kind !== 'agent') return false;
  if (access === 'member') return true;
  if (access === 'owner') return who.agentRole === OWNER_ROLE;
  // Either of two permissions is written 'a.read|b.read'.
  return access.split('|').some((permission) => hasPermission(who, permission as Permission));
};

const t = await startTestApp();
const probes = await startProbeApp(t.deps);
await t.app.ready();
const acmeId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
await makeRole(t.database.db, acmeId, 'Everything', fullAccess);
await makeAgent(t.database.db, {
  partnerId: acmeId,
  userName: 'everything',
  password: 'Everything@123',
  role: 'Everything',
});
await makeRole(t.database.db, acmeId, 'Billing Clerk', billingsOnly);
await makeAgent(t.database.db, { partnerId: acmeId, userName: 'clerk', password: 'Clerk@1234', role: 'Billing Clerk' });

const tokens = new Map<string, string | undefined>();
beforeAll(async () => {
  for (const p of personas) tokens.set(p.name, await p.signIn?.(t.app));
});
afterAll(async () => {
  await probes.close();
  await t.close();
});

/** Signing out ends the session it is called with, so it gets a session of its own. */
const endsSession = (row: AccessRow) => row.url === '/auth/sign-out';

const matrix = (app: App, rows: AccessRow[]) => {
  for (const row of rows) {
    describe(`${row.method} ${row.url} (${row.access})`, () => {
      for (const persona of personas) {
        const allowed = mayCall(persona.who, row.access);
        it(`${allowed ? 'allows' : 'refuses'} ${persona.name}`, async () => {
          const token = persona.signIn && endsSession(row) ? await persona.signIn(t.app) : tokens.get(persona.name);
          const res = await call(app, row.method as 'GET', row.url, {
            token,
            body: row.method === 'GET' ? undefined : {},
          });
          // A public route that takes a credential of its own (the project API's Basic auth) refuses
          // these callers for lack of it, with its own code: the session layer let them through.
          const ownCredential = row.access === 'public' && res.status === 401 && res.body.code === 'INVALID_CREDENTIAL';
          if (allowed) {
            if (!ownCredential) expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
          } else expect(res.status).toBe(persona.who ? 403 : 401);
          expect(res.status).toBeLessThan(500);
        });
      }
    });
  }
};

describe('every route of the app', () => {
  it('has rows to check', () => {
    expect(t.app.accessTable.length).toBeGreaterThan(10);
  });
  matrix(t.app, t.app.accessTable);
});

// Each kind of access, whether or not a route uses it yet (the permission ones, e.g.), guarded the same way.
describe('every kind of access', () => {
  matrix(probes, probes.accessTable);
});
