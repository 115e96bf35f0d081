import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import { makePartner } from '../../seed/factories.js';
import { claim, claimHolder, releaseClaims } from './claims.js';
import type { Database } from './open.js';
import { agents, platformClaims } from './schema.js';

let database: Database;
let a: string;
let b: string;
beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
  a = (await makePartner(database.db, { name: 'Claims A' })).id;
  b = (await makePartner(database.db, { name: 'Claims B' })).id;
});
afterAll(() => database.close());

const account = (holderId: string, partnerId: string, value: string) =>
  claim(database.db, { kind: 'ad-account', value, partnerId, holderId });

describe('platform claims (what must be unique across partners)', () => {
  it('gives a value to its first holder, whatever the case, until released', async () => {
    expect(await account('project-a', a, 'act_CLAIM_1')).toBe(true);
    expect(await account('project-a', a, 'act_claim_1')).toBe(true);
    expect(await account('project-b', b, 'ACT_claim_1')).toBe(false);
    expect(await claimHolder(database.db, ['ad-account'], ' Act_Claim_1 ')).toEqual({
      partnerId: a,
      holderId: 'project-a',
    });
    // Another kind is another name space.
    expect(await claim(database.db, { kind: 'agent-email', value: 'act_claim_1', partnerId: b, holderId: 'x' })).toBe(
      true,
    );
    await releaseClaims(database.db, 'project-a', ['ad-account']);
    expect(await account('project-b', b, 'act_claim_1')).toBe(true);
  });

  it('lets one of two holders claiming one value at once have it', async () => {
    const claims = await Promise.all(
      [a, b, a, b].map((partner, i) =>
        database.db.transaction((tx) =>
          claim(tx, { kind: 'ad-account', value: 'act_race', partnerId: partner, holderId: `project-${i}` }),
        ),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("holds every demo agent's user name and email (the seed claims like the use cases)", async () => {
    const [agentCount] = await database.db.select({ n: count() }).from(agents);
    const agentClaims = await database.db
      .select({ n: count() })
      .from(platformClaims)
      .innerJoin(agents, and(eq(agents.id, platformClaims.holderId), eq(agents.partnerId, platformClaims.partnerId)));
    expect(agentClaims[0]!.n).toBe(2 * agentCount!.n);
  });
});
