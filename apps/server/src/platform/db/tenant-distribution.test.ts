import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

/**
 * Could every tenant table be distributed by `partner_id` (Citus, docs/scaling-out.md)? A distributed
 * table's primary key and unique indexes must include its distribution column, its distribution
 * column is never null, and a foreign key between two distributed tables must include it on both
 * sides (the rows of one partner then live on one node). Foreign keys to reference tables (copied to
 * every node) are free; a reference table cannot point at a distributed one.
 *
 * Every table is classified here by hand, so that a new table fails this test until someone says
 * which kind it is, and a tenant table whose keys would not let it be distributed fails with the
 * change to make (migration 0023 made them all qualify). What must stay unique across partners is
 * claimed in platform_claims (a reference table), not by a unique index on a tenant table.
 */
type Kind = 'tenant' | 'reference' | 'platform-local';

const kinds: Record<string, Kind> = {
  // One partner's data: distributed by partner_id.
  agents: 'tenant',
  analytics_day_usage: 'tenant',
  analytics_days: 'tenant',
  balance_days: 'tenant',
  billing_logs: 'tenant',
  businesses: 'tenant',
  conversations: 'tenant',
  embedded_signups: 'tenant',
  kyc_submissions: 'tenant',
  margin_days: 'tenant',
  margin_mix_days: 'tenant',
  margin_project_days: 'tenant',
  marketing_opt_outs: 'tenant',
  volume_tier_counts: 'tenant',
  message_events: 'tenant',
  meta_link_uses: 'tenant',
  meta_ad_spend: 'tenant',
  meta_ads: 'tenant',
  payment_plan_families: 'tenant',
  plan_families: 'tenant',
  private_apps: 'tenant',
  project_api_idempotency_keys: 'tenant',
  project_meta_ads: 'tenant',
  project_onboarding: 'tenant',
  projects: 'tenant',
  rate_card_families: 'tenant',
  razorpay_auth_states: 'tenant',
  razorpay_connections: 'tenant',
  registration_attempts: 'tenant',
  roles: 'tenant',
  sso_tokens: 'tenant',
  stored_files: 'tenant',
  support_tickets: 'tenant',
  template_edits: 'tenant',
  template_sample_handles: 'tenant',
  templates: 'tenant',
  wallet_thresholds: 'tenant',
  wcc_families: 'tenant',
  webhook_attempts: 'tenant',
  webhook_deliveries: 'tenant',
  webhook_events: 'tenant',
  webhooks: 'tenant',
  inbound_messages: 'tenant',
  // Few rows, read with every request or price: copied to every node.
  partners: 'reference',
  platform_claims: 'reference',
  platform_admins: 'reference',
  platform_settings: 'reference',
  provider_addon_prices: 'reference',
  provider_payment_slabs: 'reference',
  provider_plan_prices: 'reference',
  provider_wcc_prices: 'reference',
  pricing_models: 'reference',
  provider_wcc_volume_tiers: 'reference',
  rate_cards: 'reference',
  // The platform's own bookkeeping, across partners or of no partner: stays on the coordinator.
  admin_audit_log: 'platform-local',
  partner_audit_log: 'tenant',
  jobs: 'platform-local',
  // Meta's account webhooks as they came, those of accounts no partner has too: the platform's inbox.
  meta_account_events: 'platform-local',
  unplaced_message_statuses: 'platform-local',
  // Razorpay's OAuth webhooks, those of accounts no partner has too: the platform's inbox.
  razorpay_webhook_events: 'platform-local',
  login_throttle: 'platform-local',
  password_reset_tokens: 'platform-local',
  sessions: 'platform-local',
  // The sandbox providers' state (stands in for Meta; not written with the live providers).
  sandbox_meta_ads_state: 'platform-local',
  sandbox_meta_numbers: 'platform-local',
  sandbox_meta_templates: 'platform-local',
  sandbox_phone_messages: 'platform-local',
};

const DISTRIBUTION = 'partner_id';
const dialect = new PgDialect();

/** An index column's name, or its expression as SQL without table names (`lower("login_username")`). */
const columnText = (c: unknown): string =>
  is(c, SQL) ? dialect.sqlToQuery(c).sql.replace(/"[a-z_]+"\./g, '') : (c as { name: string }).name;

const list = (columns: string[]) => `(${columns.join(', ')})`;

/** What would have to change for the table to be distributed by partner_id (empty: it qualifies). */
const gapsOf = (table: PgTable): string[] => {
  const config = getTableConfig(table);
  const gaps: string[] = [];
  const partner = config.columns.find((c) => c.name === DISTRIBUTION);
  if (!partner) gaps.push(`add ${DISTRIBUTION} (not null)`);
  else if (!partner.notNull) gaps.push(`${DISTRIBUTION} not null`);

  const primary = [
    ...config.columns.filter((c) => c.primary).map((c) => c.name),
    ...config.primaryKeys.flatMap((k) => k.columns.map((c) => c.name)),
  ];
  if (primary.length > 0 && !primary.includes(DISTRIBUTION))
    gaps.push(`primary key ${list(primary)} -> ${list([DISTRIBUTION, ...primary])}`);

  const uniques = [
    ...config.indexes
      .filter((i) => i.config.unique)
      .map((i) => ({ name: i.config.name ?? '?', columns: i.config.columns.map(columnText) })),
    ...config.uniqueConstraints.map((u) => ({ name: u.getName(), columns: u.columns.map((c) => c.name) })),
    ...config.columns.filter((c) => c.isUnique).map((c) => ({ name: c.uniqueName ?? c.name, columns: [c.name] })),
  ];
  for (const u of uniques)
    if (!u.columns.includes(DISTRIBUTION))
      gaps.push(`unique ${u.name} ${list(u.columns)} -> ${list([DISTRIBUTION, ...u.columns])}`);

  for (const fk of config.foreignKeys) {
    const ref = fk.reference();
    const target = getTableConfig(ref.foreignTable).name;
    if (kinds[target] !== 'tenant') continue;
    const from = ref.columns.map((c) => c.name);
    const to = ref.foreignColumns.map((c) => c.name);
    if (!from.includes(DISTRIBUTION) || !to.includes(DISTRIBUTION))
      gaps.push(
        `foreign key ${list(from)} -> ${target}${list(to)} becomes ${list([DISTRIBUTION, ...from])} -> ${target}${list([DISTRIBUTION, ...to])}`,
      );
  }
  return gaps;
};

/** A reference or platform-local table must not point at a distributed one (Citus refuses it). */
const pointsAtTenants = (table: PgTable): string[] =>
  getTableConfig(table)
    .foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name)
    .filter((target) => kinds[target] === 'tenant');

const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
const nameOf = (t: PgTable) => getTableConfig(t).name;

describe('distribution by partner_id (docs/scaling-out.md)', () => {
  it('classifies every table of the schema, and no table that is gone', () => {
    expect(tables.map(nameOf).sort()).toEqual(Object.keys(kinds).sort());
  });

  it('keeps reference and platform-local tables from pointing at tenant tables', () => {
    const pointing = tables
      .filter((t) => kinds[nameOf(t)] !== 'tenant')
      .flatMap((t) => pointsAtTenants(t).map((target) => `${nameOf(t)} -> ${target}`));
    expect(pointing).toEqual([]);
  });

  it('keys every tenant table so that it can be distributed by partner_id', () => {
    const gaps = Object.fromEntries(
      tables
        .filter((t) => kinds[nameOf(t)] === 'tenant')
        .flatMap((t) => {
          const found = gapsOf(t);
          return found.length ? [[nameOf(t), found]] : [];
        }),
    );
    expect(gaps).toEqual({});
  });
});
