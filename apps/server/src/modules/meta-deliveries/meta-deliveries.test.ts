import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaDeliveriesResponse } from '@pc/contract';
import { findPartnerIdByName } from '../../../test/fixtures.js';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { newId } from '../../platform/db/ids.js';
import { conversations, unplacedMessageStatuses } from '../../platform/db/schema.js';
import { billablePricing } from '../../providers/meta/accounts/meta-payloads.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';

let t: TestContext;
let admin: string;
let owner: string;
let agent: string;
let partnerId: string;
const project = { a: '', b: '' };
beforeAll(async () => {
  t = await startTestApp();
  [admin, owner, agent] = await Promise.all([
    signInAs(t.app, 'admin'),
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
  ]);
  partnerId = await findPartnerIdByName(t.database.db, 'Acme Messaging');
  const business = await makeBusiness(t.database.db, { partnerId, displayName: 'Deliveries Co' });
  for (const key of ['a', 'b'] as const)
    project[key] = (
      await makeProject(t.database.db, { partnerId, businessId: business.id, name: `Deliveries ${key}` })
    ).id;
});
afterAll(() => t.close());

const read = (token = admin) => call<MetaDeliveriesResponse>(t.app, 'GET', '/superadmin/meta-deliveries', { token });

// After anything the demo holds: each test's rows are the newest, each later test's newer still.
const DAY = 24 * 3600_000;
const now = Date.now();
const at = (days: number, minutes = 0) => new Date(now + days * DAY + minutes * 60_000);

const unplaced = (receivedAt: Date, over: Partial<typeof unplacedMessageStatuses.$inferInsert> = {}) => ({
  id: newId(),
  messageId: `wamid.${newId()}`,
  status: 'delivered',
  recipient: '919800000001',
  occurredAt: new Date(receivedAt.getTime() - 60_000),
  reason: 'not_ours',
  report: {},
  receivedAt,
  ...over,
});

/**
 * A message priced on its own as charging keeps one whose Meta category it does not know: free,
 * flagged, with Meta's pricing object (charging's own test: charging/per-message.test.ts).
 */
const message = (
  projectId: string,
  category: string,
  startedAt: Date,
  over: Partial<typeof conversations.$inferInsert> = {},
): typeof conversations.$inferInsert => ({
  id: newId(),
  partnerId,
  projectId,
  category: 'service',
  initiator: 'business',
  recipient: '919800000002',
  country: 'IN',
  startedAt,
  windowEndsAt: startedAt,
  pricingModel: 'PMP',
  messageId: `wamid.${newId()}`,
  pricingType: 'regular',
  metaPricing: billablePricing(category),
  billingStatus: 'FREE',
  metaCategoryUnknown: true,
  ...over,
});
const known = { metaCategoryUnknown: false };

describe('GET /superadmin/meta-deliveries', () => {
  it('answers the statuses no project sent, newest received first, with Meta’s error', async () => {
    const failed = unplaced(at(1, 2), {
      status: 'failed',
      reason: 'unknown_project',
      report: { status: 'failed', error: { code: 131026, title: 'Message undeliverable' } },
    });
    const older = unplaced(at(1, 1));
    await t.database.db.insert(unplacedMessageStatuses).values([older, failed]);

    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.unplacedStatuses.slice(0, 2)).toEqual([
      {
        messageId: failed.messageId,
        status: 'failed',
        recipient: '919800000001',
        occurredAt: failed.occurredAt.toISOString(),
        reason: 'unknown_project',
        receivedAt: failed.receivedAt.toISOString(),
        error: { code: 131026, title: 'Message undeliverable' },
      },
      {
        messageId: older.messageId,
        status: 'delivered',
        recipient: '919800000001',
        occurredAt: older.occurredAt.toISOString(),
        reason: 'not_ours',
        receivedAt: older.receivedAt.toISOString(),
      },
    ]);
  });

  it('groups the messages of an unknown category by category, partner and project, the latest first', async () => {
    await t.database.db.insert(conversations).values([
      message(project.a, 'general_purpose_ai', at(2, 1)),
      message(project.a, 'general_purpose_ai', at(2, 3)),
      message(project.a, 'general_purpose_ai', at(2, 2)),
      message(project.b, 'general_purpose_ai', at(2, 4)),
      message(project.b, 'general_purpose_ai', at(2, 1)),
      message(project.a, 'ai_agent', at(2, 5)),
      // Categories charging knew: not flagged.
      message(project.a, 'marketing', at(2, 6), known),
      message(project.b, 'service', at(2, 6), { ...known, pricingType: 'free_customer_service' }),
    ]);

    const ours = (await read()).body.unknownCategories.filter((g) => g.projectName.startsWith('Deliveries '));
    const group = (category: string, projectName: string, messages: number, lastAt: Date) => ({
      category,
      partnerName: 'Acme Messaging',
      projectName,
      messages,
      lastAt: lastAt.toISOString(),
    });
    expect(ours).toEqual([
      group('ai_agent', 'Deliveries a', 1, at(2, 5)),
      group('general_purpose_ai', 'Deliveries b', 2, at(2, 4)),
      group('general_purpose_ai', 'Deliveries a', 3, at(2, 3)),
    ]);
  });

  it('answers at most 100 of each, the newest', async () => {
    const statuses = Array.from({ length: 105 }, (_, i) => unplaced(at(3, i)));
    await t.database.db.insert(unplacedMessageStatuses).values(statuses);
    await t.database.db
      .insert(conversations)
      .values(Array.from({ length: 105 }, (_, i) => message(project.b, `new_category_${i}`, at(3, i))));

    const { body } = await read();
    expect(body.unplacedStatuses.map((s) => s.messageId)).toEqual(
      statuses
        .slice(5)
        .reverse()
        .map((s) => s.messageId),
    );
    expect(body.unknownCategories.map((g) => g.category)).toEqual(
      Array.from({ length: 100 }, (_, i) => `new_category_${104 - i}`),
    );
  });

  it('is the super-admin’s alone', async () => {
    for (const token of [owner, agent]) {
      const res = await read(token);
      expect(res.status).toBe(403);
      expect(res.body).not.toHaveProperty('unplacedStatuses');
    }
    expect((await call(t.app, 'GET', '/superadmin/meta-deliveries')).status).toBe(401);
  });
});
