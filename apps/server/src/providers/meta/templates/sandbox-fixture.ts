import { eq } from 'drizzle-orm';
import type { TemplateComponent } from '@pc/contract';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { freshDatabase } from '../../../../test/harness.js';
import type { Database } from '../../../platform/db/open.js';
import { jobs, sandboxMetaTemplates } from '../../../platform/db/schema.js';
import { runDueJobs } from '../../../platform/jobs/runner.js';
import { createSandboxMetaTemplates } from './sandbox.js';
import type { MetaTemplatesProvider, SubmittedTemplate } from './templates.js';
import type { MetaApiError } from '../graph-error.js';

/** The sandbox Meta on a fresh database with a clock the test moves and a webhook receiver it scripts. */

export const SECRET = 'sandbox-app-secret';
export const CALLBACK = 'http://console.test/platform/meta/webhook';
export const DELAY_MS = 15_000;

type Sent = { url: string; body: string; headers: Record<string, string> };
type Delivered = { entry: { changes: { field: string; value: Record<string, unknown> }[] }[] };

export const body = (text: string, samples: string[] = ['A-1001']): TemplateComponent => ({
  type: 'BODY',
  text,
  ...(text.includes('{{') ? { example: { body_text: [samples] } } : {}),
});
export const template = (over: Partial<SubmittedTemplate> = {}): SubmittedTemplate => ({
  wabaId: 'waba-1',
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  components: [body('Your order {{1}} has been packed and will ship today.')],
  ...over,
});

export const useSandboxMeta = () => {
  const s = {
    database: null as unknown as Database,
    meta: null as unknown as MetaTemplatesProvider,
    clock: new Date(),
    sent: [] as Sent[],
    /** The receiver's answer (or a thrown network error). */
    receiver: (): number => 200,
  };
  beforeAll(async () => {
    s.database = await freshDatabase({ seeded: false });
  });
  afterAll(() => s.database.close());
  beforeEach(async () => {
    await s.database.db.delete(jobs);
    await s.database.db.delete(sandboxMetaTemplates);
    s.clock = new Date('2026-03-01T10:00:00Z');
    s.sent = [];
    s.receiver = () => 200;
    s.meta = createSandboxMetaTemplates({
      db: s.database.db,
      now: () => s.clock,
      reviewDelayMs: DELAY_MS,
      appSecret: SECRET,
      callbackUrl: CALLBACK,
      send: async (url, body, headers) => {
        s.sent.push({ url, body, headers });
        return s.receiver();
      },
    });
  });

  const later = (ms: number) => (s.clock = new Date(s.clock.getTime() + ms));
  const run = () => runDueJobs(s.database.db, s.meta.jobHandlers, () => s.clock);
  const row = async (id: string) =>
    (await s.database.db.select().from(sandboxMetaTemplates).where(eq(sandboxMetaTemplates.id, id)))[0]!;
  return {
    s,
    later,
    run,
    row,
    jobsOf: (kind: string) => s.database.db.select().from(jobs).where(eq(jobs.kind, kind)),
    /** What Meta answered a submission it refused. */
    refusal: (t: SubmittedTemplate) =>
      s.meta.create(t).then(
        () => {
          throw new Error('Meta accepted the template');
        },
        (e: unknown) => e as MetaApiError,
      ),
    /** Submits, lets the review fall due and runs it; answers the template's row. */
    reviewed: async (t: SubmittedTemplate) => {
      const { id } = await s.meta.create(t);
      later(DELAY_MS);
      await run();
      return row(id);
    },
    /** Runs the due jobs once; answers every body delivered so far. */
    deliveredBodies: async () => {
      await run();
      return s.sent.map((x) => JSON.parse(x.body) as Delivered);
    },
  };
};
