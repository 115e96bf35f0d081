import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Database } from '../../platform/db/open.js';
import { makePartner } from '../../seed/factories.js';
import { makeBusiness, makeProject } from '../../seed/businesses.js';
import { postEntry } from '../billing/ledger.js';
import { centralForecast, projectCreditForecasts } from './burn.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ seeded: true });
});
afterAll(() => database.close());

const now = new Date('2026-11-24T10:00:00Z');
const daysAgo = (n: number, hour = 12) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - n, hour));

describe('the balance day rows (migration 0025)', () => {
  it("equal the ledger, balance by balance and day by day, on the demo's whole history", async () => {
    const q = (from: string) =>
      database.db.execute(sql.raw(from)).then((r) => (r as unknown as { rows: unknown[] }).rows);
    const rolled = await q(
      `select partner_id, balance, owner_id, day_date, spent::float8, added::float8 from balance_days order by 1, 2, 3, 4`,
    );
    const ledger =
      await q(`select partner_id, balance, case when balance = 'CENTRAL' then partner_id else project_id end as owner_id,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day_date,
        coalesce(sum(amount) filter (where action = 'SUBTRACT' and reason_code not in ('CENTRAL_BALANCE_UPDATE', 'WCC_CREDIT_DEDUCT', 'PWC_CREDIT_DEDUCT')), 0)::float8 as spent,
        coalesce(sum(amount) filter (where action = 'ADD'), 0)::float8 as added
      from billing_logs group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(rolled.length).toBeGreaterThan(100);
    expect(rolled).toEqual(ledger);
  });
});

describe('the forecasts read from them', () => {
  it('a known history: the rates, the days to zero, corrections and credit taken back left out', async () => {
    const { db } = database;
    const partner = await makePartner(db, { name: 'Burn Partner', centralBalance: 10_000_000_000 });
    const business = await makeBusiness(db, { partnerId: partner.id, displayName: 'Burn Business' });
    const project = await makeProject(db, { partnerId: partner.id, businessId: business.id, name: 'Burn Project' });
    const entry = { partnerId: partner.id, message: 'test' } as const;
    // 30 days: the central balance buys ₹100 of the project's credit a day and the project spends ₹60 of it.
    for (let d = 1; d <= 30; d += 1) {
      const createdAt = daysAgo(d);
      await postEntry(db, {
        ...entry,
        balance: 'CENTRAL',
        action: 'SUBTRACT',
        amount: 10_000_000,
        reasonCode: 'WCC_CREDIT_ADD',
        createdAt,
      });
      await postEntry(db, {
        ...entry,
        balance: 'WCC',
        projectId: project.id,
        action: 'ADD',
        amount: 10_000_000,
        reasonCode: 'WCC_CREDIT_ADD',
        createdAt,
      });
      await postEntry(db, {
        ...entry,
        balance: 'WCC',
        projectId: project.id,
        action: 'SUBTRACT',
        amount: 6_000_000,
        reasonCode: 'MESSAGE_DELIVERY_WCC',
        createdAt,
      });
    }
    // Not spend: a correction, credit taken back, and anything today or older than 30 days.
    await postEntry(db, {
      ...entry,
      balance: 'CENTRAL',
      action: 'SUBTRACT',
      amount: 500_000_000,
      reasonCode: 'CENTRAL_BALANCE_UPDATE',
      createdAt: daysAgo(3),
    });
    await postEntry(db, {
      ...entry,
      balance: 'WCC',
      projectId: project.id,
      action: 'SUBTRACT',
      amount: 20_000_000,
      reasonCode: 'WCC_CREDIT_DEDUCT',
      createdAt: daysAgo(2),
    });
    await postEntry(db, {
      ...entry,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: 20_000_000,
      reasonCode: 'WCC_CREDIT_DEDUCT',
      createdAt: daysAgo(2),
    });
    await postEntry(db, {
      ...entry,
      balance: 'WCC',
      projectId: project.id,
      action: 'SUBTRACT',
      amount: 9_000_000,
      reasonCode: 'MESSAGE_DELIVERY_WCC',
      createdAt: daysAgo(0, 1),
    });
    await postEntry(db, {
      ...entry,
      balance: 'WCC',
      projectId: project.id,
      action: 'SUBTRACT',
      amount: 9_000_000,
      reasonCode: 'MESSAGE_DELIVERY_WCC',
      createdAt: daysAgo(31),
    });

    const central = await centralForecast(db, partner.id, now);
    // 10,000,000,000 − 30 × 10,000,000 − 500,000,000 + 20,000,000
    expect(central).toMatchObject({ balance: 9_220_000_000, burn7: 10_000_000, burn30: 10_000_000, daysToZero: 922 });

    const credit = (await projectCreditForecasts(db, partner.id, now)).get(project.id)!;
    // 30 × (10,000,000 − 6,000,000) − 20,000,000 − 2 × 9,000,000
    expect(credit).toMatchObject({ balance: 82_000_000, burn7: 6_000_000, burn30: 6_000_000 });
    expect(credit.daysToZero).toBe(13.6);
    // Only the projects asked for; another partner's never.
    expect([...(await projectCreditForecasts(db, partner.id, now, [project.id])).keys()]).toEqual([project.id]);
    const other = await makePartner(db, { name: 'Other Partner' });
    expect((await projectCreditForecasts(db, other.id, now)).size).toBe(0);
  });
});
