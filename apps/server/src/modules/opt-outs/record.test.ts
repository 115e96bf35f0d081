import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../platform/db/open.js';
import { marketingOptOuts, projects } from '../../platform/db/schema.js';
import type { UserPreferenceReport } from '../../providers/meta/messages/inbound.js';
import { marketingStopped } from './check.js';
import type { ProjectRef } from './queries.js';
import { recordUserPreferences } from './record.js';

/**
 * Meta's `user_preferences` reports kept per project: a later word wins, an older one arriving late
 * changes nothing, a repeat changes nothing, and the user is found by either id Meta named.
 */
let database: Database;
let first: ProjectRef;
let other: ProjectRef;
const NUMBER = '106540352242922';
const PHONE = '16505551234';
const BSUID = 'US.13491208655302741918';

beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
  const all = await database.db.select({ partnerId: projects.partnerId, projectId: projects.id }).from(projects);
  first = all[0]!;
  other = all.find((p) => p.partnerId !== first.partnerId)!;
  await database.db.update(projects).set({ wabaNumberId: NUMBER }).where(eq(projects.id, first.projectId));
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(marketingOptOuts);
  await database.db.update(projects).set({ wabaNumberId: null }).where(eq(projects.id, other.projectId));
});

const report = (value: 'stop' | 'resume', at: string, ids: { waId?: string; userId?: string } = { waId: PHONE }) =>
  ({
    phoneNumberId: NUMBER,
    ...ids,
    value,
    category: 'marketing_messages',
    timestamp: `2026-07-0${at}:00.000Z`,
  }) satisfies UserPreferenceReport;
const stopped = (recipient: string, project = first) => marketingStopped(database.db, { ...project, recipient });
const rows = () => database.db.select().from(marketingOptOuts);

describe('recording Meta user preferences', () => {
  it('stops on a stop, resumes on a later resume, and ignores an older word arriving late', async () => {
    expect(await stopped(PHONE)).toBe(false);
    expect(await recordUserPreferences(database.db, [report('stop', '1T10:00')])).toBe(1);
    expect(await stopped(PHONE)).toBe(true);
    expect(await recordUserPreferences(database.db, [report('resume', '2T10:00')])).toBe(1);
    expect(await stopped(PHONE)).toBe(false);
    // The stop of the 1st, delivered again after the resume of the 2nd: the resume stands.
    expect(await recordUserPreferences(database.db, [report('stop', '1T10:00')])).toBe(0);
    expect(await rows()).toEqual([
      { ...first, recipient: PHONE, stopped: false, changedAt: new Date('2026-07-02T10:00:00.000Z') },
    ]);
  });

  it('changes nothing on a repeat', async () => {
    await recordUserPreferences(database.db, [report('stop', '1T10:00')]);
    expect(await recordUserPreferences(database.db, [report('stop', '1T10:00')])).toBe(0);
    expect(await stopped(PHONE)).toBe(true);
  });

  it('keeps the user under each id Meta named, so a send to either is refused', async () => {
    await recordUserPreferences(database.db, [report('stop', '1T10:00', { waId: PHONE, userId: BSUID })]);
    expect([await stopped(PHONE), await stopped(BSUID)]).toEqual([true, true]);
    // Later, Meta names only the BSUID (the phone no longer shared): the phone's row keeps its word.
    await recordUserPreferences(database.db, [report('resume', '3T10:00', { userId: BSUID })]);
    expect([await stopped(PHONE), await stopped(BSUID)]).toEqual([true, false]);
  });

  it('takes the later word of one delivery, and the stop of two at the same instant, in any order', async () => {
    await recordUserPreferences(database.db, [report('resume', '2T10:00'), report('stop', '1T10:00')]);
    expect(await stopped(PHONE)).toBe(false);
    for (const order of [
      [report('stop', '4T10:00'), report('resume', '4T10:00')],
      [report('resume', '5T10:00'), report('stop', '5T10:00')],
    ]) {
      await recordUserPreferences(database.db, order);
      expect(await stopped(PHONE)).toBe(true);
    }
    // Delivered apart: the resume of the same instant changes nothing either.
    await recordUserPreferences(database.db, [report('resume', '5T10:00')]);
    expect(await stopped(PHONE)).toBe(true);
  });

  it('applies to every project holding the number, across partners, and drops numbers no project has', async () => {
    await database.db.update(projects).set({ wabaNumberId: NUMBER }).where(eq(projects.id, other.projectId));
    const unknown = { ...report('stop', '1T10:00'), phoneNumberId: '999999999999999', waId: '919876500001' };
    expect(await recordUserPreferences(database.db, [report('stop', '1T10:00'), unknown])).toBe(2);
    expect([await stopped(PHONE), await stopped(PHONE, other)]).toEqual([true, true]);
    expect((await rows()).map((r) => r.recipient)).toEqual([PHONE, PHONE]);
  });

  it('finds the projects through the lookup it is given', async () => {
    const lookup = async () => new Map([[NUMBER, [other]]]);
    await recordUserPreferences(database.db, [report('stop', '1T10:00')], lookup);
    expect([await stopped(PHONE), await stopped(PHONE, other)]).toEqual([false, true]);
  });
});
