import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, partnerAuditLog } from '../../src/platform/db/schema.js';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import type { ActivityCases, Member, Sweep } from './activity/case.js';
import { cases } from './activity/index.js';

/**
 * Every write a partner's member can make leaves exactly one entry in the partner's activity log,
 * naming its author, in the same transaction as the change (modules/activity). A new write route
 * fails here until it has a case or a reason to be exempt.
 */
let t: TestContext;
let sweep: Sweep;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  const tokens = new Map<Member, Promise<string>>();
  const ids = new Map<Member, Promise<{ partnerId: string; agentId: string }>>();
  sweep = {
    t,
    // A case may end the member's sessions (a password change): they sign in again then.
    token: async (member) => {
      const cached = await tokens.get(member);
      if (cached && (await call(t.app, 'GET', '/api/me', { token: cached })).status === 200) return cached;
      const fresh = signInAs(t.app, member);
      tokens.set(member, fresh);
      return fresh;
    },
    idsOf: (member) => {
      if (!ids.has(member))
        ids.set(
          member,
          t.database.db
            .select({ partnerId: agents.partnerId, agentId: agents.id })
            .from(agents)
            .where(eq(agents.loginUsername, member))
            .then((rows) => rows[0]!),
        );
      return ids.get(member)!;
    },
  };
});
afterAll(() => t.close());

/** A member's write: signed in as a partner's member, and not a read. */
const isMemberWrite = (row: { method: string; access: string }) =>
  row.method !== 'GET' &&
  row.access !== 'public' &&
  row.access !== 'superadmin' &&
  !row.access.endsWith('.read') &&
  !row.access.includes('.read|');

const all: ActivityCases = Object.assign({}, ...Object.values(cases));

describe('the activity log sweep', () => {
  it('has a case, or a reason to be exempt, for every write route, and none for a route that is gone', () => {
    const writes = [...t.app.accessTable].filter(isMemberWrite).map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(all).sort()).toEqual([...new Set(writes)].sort());
  });

  const entries = (partnerId: string) =>
    t.database.db.select().from(partnerAuditLog).where(eq(partnerAuditLog.partnerId, partnerId));

  for (const [route, c] of Object.entries(all)) {
    if ('exempt' in c) continue;
    it(`${route}: one entry, ${c.action}, naming its author`, async () => {
      const member = c.as ?? 'owner';
      const { partnerId, agentId } = await sweep.idsOf(member);
      const state: unknown = c.setup ? await c.setup(sweep) : undefined;
      const before = new Set((await entries(partnerId)).map((e) => e.id));
      const res = await c.run(sweep, state);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      const added = (await entries(partnerId)).filter((e) => !before.has(e.id));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ memberId: agentId, action: c.action, address: '127.0.0.1' });
      expect(added[0]!.memberName).toMatch(/\S/);
    });
  }
});
