import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../platform/db/open.js';
import { jobs } from '../../../platform/db/schema.js';
import { runDueJobs } from '../../../platform/jobs/runner.js';
import type { MessageStatusReport, TemplateMessage } from './messages.js';
import { createSandboxMetaMessages, STATUS_JOB } from './sandbox.js';
import { MetaApiError } from '../graph-error.js';

/** The sandbox Meta's messages: an id at once, then the statuses as jobs, by the number's scenario. */
let database: Database;
const clock = { now: new Date('2026-03-01T10:00:00Z') };
let reports: MessageStatusReport[] = [];
let failNext = false;

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  reports = [];
  failNext = false;
  await database.db.delete(jobs);
});

const sandbox = () =>
  createSandboxMetaMessages({
    db: database.db,
    now: () => clock.now,
    delayMs: 1000,
    report: async (r) => {
      if (failNext) {
        failNext = false;
        throw new Error('database busy');
      }
      reports.push(r);
    },
  });
const message = (to: string): TemplateMessage => ({
  phoneNumberId: 'p1',
  to,
  template: { name: 'hello', language: 'en', components: [] },
  callbackData: 'opaque',
});
const runAt = async (msAfter: number) => {
  const s = sandbox();
  return runDueJobs(database.db, s.jobHandlers, () => new Date(clock.now.getTime() + msAfter));
};

describe('a send', () => {
  it('answers a wamid at once and reports sent, delivered after the delay and read after four times it', async () => {
    const { messageId, acceptedAt } = await sandbox().sendTemplate(message('919876500001'));
    expect(messageId).toMatch(/^wamid\.[A-Za-z0-9+/=]+$/);
    expect(acceptedAt).toEqual(clock.now);
    await runAt(0);
    expect(reports.map((r) => r.status)).toEqual(['sent']);
    await runAt(999);
    expect(reports).toHaveLength(1);
    await runAt(1000);
    await runAt(4000);
    expect(reports).toEqual(
      ['sent', 'delivered', 'read'].map((status, i) => ({
        messageId,
        status,
        timestamp: new Date(clock.now.getTime() + [0, 1000, 4000][i]!).toISOString(),
        recipient: '919876500001',
        callbackData: 'opaque',
      })),
    );
  });

  it('gives each message its own id', async () => {
    const [a, b] = await Promise.all([
      sandbox().sendTemplate(message('919876500001')),
      sandbox().sendTemplate(message('919876500001')),
    ]);
    expect(a.messageId).not.toBe(b.messageId);
  });

  it('retries a report that could not be recorded', async () => {
    await sandbox().sendTemplate(message('919876500001'));
    failNext = true;
    expect(await runAt(0)).toEqual({ ran: 1, failed: 1 });
    expect(reports).toEqual([]);
    const held = await database.db.select().from(jobs).where(eq(jobs.kind, STATUS_JOB));
    expect(held.find((j) => j.key!.endsWith(':sent'))!.lastError).toBe('database busy');
    await runAt(60_000);
    // The retried report is recorded in the end, among the others (due together, they run at once).
    expect(reports.map((r) => r.status).sort()).toEqual(['delivered', 'read', 'sent']);
  });
});

describe('scenarios by the number', () => {
  it("131030: refused at once with Meta's error, nothing scheduled", async () => {
    const error = await sandbox()
      .sendTemplate(message('919876131030'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MetaApiError);
    expect(error).toMatchObject({ httpStatus: 400, code: 131030 });
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('131026, 131049 and 131050: sent, then failed with the code', async () => {
    await sandbox().sendTemplate(message('919876131026'));
    await sandbox().sendTemplate(message('919876131049'));
    await sandbox().sendTemplate(message('919876131050'));
    await runAt(60_000);
    const failed = reports.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.error?.code).sort()).toEqual([131026, 131049, 131050]);
    expect(reports.filter((r) => r.status === 'sent')).toHaveLength(3);
    expect(reports.some((r) => r.status === 'delivered' || r.status === 'read')).toBe(false);
  });

  it('000000: delivered, never read', async () => {
    await sandbox().sendTemplate(message('919876000000'));
    await runAt(60_000);
    expect(reports.map((r) => r.status)).toEqual(['sent', 'delivered']);
  });
});

describe('a business-scoped user id', () => {
  it('is sent to like a number, and its statuses name it as given', async () => {
    const { messageId } = await sandbox().sendTemplate(message('US.13491208655302741918'));
    await runAt(60_000);
    expect(reports.map((r) => [r.messageId, r.status, r.recipient])).toEqual(
      ['sent', 'delivered', 'read'].map((status) => [messageId, status, 'US.13491208655302741918']),
    );
  });
});
