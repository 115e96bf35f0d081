import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.js';

/**
 * Could every tenant table be distributed by `partner_id` (Citus, README "Scaling out")? A distributed
 * table's primary key and unique indexes must include its distribution column, its distribution
 * column is never null, and a foreign key between two distributed tables must include it on both
 * sides (the rows of one partner then live on one node). Foreign keys to reference tables (copied to
 * every node) are free; a reference table cannot point at a distributed one.
 *
 * Every table is classified here by hand, so that a new table fails this test until someone says
 * which kind it is. The expectation below records today's answer: the tables that already qualify,
 * and for the others each change the migration would make. Closing a gap is a schema change:
 * update the expectation with it.
 */
type Kind = 'tenant' | 'reference' | 'platform-local';

const kinds: Record<string, Kind> = {
  // One partner's data: distributed by partner_id.
  agents: 'tenant',
  analytics_day_usage: 'tenant',
  analytics_days: 'tenant',
  billing_logs: 'tenant',
  businesses: 'tenant',
  conversations: 'tenant',
  embedded_signups: 'tenant',
  kyc_submissions: 'tenant',
  message_events: 'tenant',
  meta_ad_spend: 'tenant',
  meta_ads: 'tenant',
  payment_plan_families: 'tenant',
  plan_families: 'tenant',
  private_apps: 'tenant',
  project_api_idempotency_keys: 'tenant',
  project_meta_ads: 'tenant',
  project_onboarding: 'tenant',
  projects: 'tenant',
  razorpay_auth_states: 'tenant',
  razorpay_connections: 'tenant',
  registration_attempts: 'tenant',
  roles: 'tenant',
  sso_tokens: 'tenant',
  stored_files: 'tenant',
  support_tickets: 'tenant',
  templates: 'tenant',
  wcc_families: 'tenant',
  webhook_attempts: 'tenant',
  webhook_deliveries: 'tenant',
  webhook_events: 'tenant',
  webhooks: 'tenant',
  // Few rows, read with every request or price: copied to every node.
  partners: 'reference',
  platform_admins: 'reference',
  platform_settings: 'reference',
  provider_addon_prices: 'reference',
  provider_payment_slabs: 'reference',
  provider_plan_prices: 'reference',
  provider_wcc_prices: 'reference',
  // The platform's own bookkeeping, across partners or of no partner: stays on the coordinator.
  admin_audit_log: 'platform-local',
  jobs: 'platform-local',
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

describe('distribution by partner_id (README "Scaling out")', () => {
  it('classifies every table of the schema, and no table that is gone', () => {
    expect(tables.map(nameOf).sort()).toEqual(Object.keys(kinds).sort());
  });

  it('keeps reference and platform-local tables from pointing at tenant tables', () => {
    const pointing = tables
      .filter((t) => kinds[nameOf(t)] !== 'tenant')
      .flatMap((t) => pointsAtTenants(t).map((target) => `${nameOf(t)} -> ${target}`));
    expect(pointing).toEqual([]);
  });

  it("records which tenant tables qualify today, and each other one's change", () => {
    const tenant = tables.filter((t) => kinds[nameOf(t)] === 'tenant').sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
    const qualify = tenant.filter((t) => gapsOf(t).length === 0).map(nameOf);
    const gaps = Object.fromEntries(
      tenant.flatMap((t) => {
        const found = gapsOf(t);
        return found.length ? [[nameOf(t), found]] : [];
      }),
    );
    expect({ qualify, gaps }).toEqual(TODAY);
  });
});

/** Today's answer (issue 16 item 3). The README's "Scaling out" estimates the migration that closes it. */
const TODAY = {
  qualify: ['roles', 'sso_tokens'],
  gaps: {
    agents: [
      'primary key (id) -> (partner_id, id)',
      'unique agents_login_username_key (lower("login_username")) -> (partner_id, lower("login_username"))',
      'unique agents_email_key (lower("email")) -> (partner_id, lower("email"))',
    ],
    analytics_day_usage: [
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    analytics_days: [
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    billing_logs: ['primary key (id) -> (partner_id, id)'],
    businesses: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (referral_agent_id) -> agents(id) becomes (partner_id, referral_agent_id) -> agents(partner_id, id)',
    ],
    conversations: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    embedded_signups: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (business_id) -> businesses(id) becomes (partner_id, business_id) -> businesses(partner_id, id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    kyc_submissions: ['primary key (id) -> (partner_id, id)'],
    message_events: [
      'primary key (message_id, status) -> (partner_id, message_id, status)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    meta_ad_spend: [
      'add partner_id (not null)',
      'primary key (project_id, ad_id, day) -> (partner_id, project_id, ad_id, day)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    meta_ads: [
      'primary key (project_id, ad_id) -> (partner_id, project_id, ad_id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    payment_plan_families: ['primary key (id) -> (partner_id, id)'],
    plan_families: ['primary key (id) -> (partner_id, id)'],
    private_apps: [
      'primary key (id) -> (partner_id, id)',
      'unique private_apps_project_uq (project_id) -> (partner_id, project_id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    project_api_idempotency_keys: [
      'add partner_id (not null)',
      'primary key (project_id, key) -> (partner_id, project_id, key)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    project_meta_ads: [
      'primary key (project_id) -> (partner_id, project_id)',
      'unique project_meta_ads_ad_account_idx (selected_ad_account_id) -> (partner_id, selected_ad_account_id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    project_onboarding: [
      'primary key (project_id) -> (partner_id, project_id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    projects: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (business_id) -> businesses(id) becomes (partner_id, business_id) -> businesses(partner_id, id)',
      'foreign key (family_id) -> plan_families(id) becomes (partner_id, family_id) -> plan_families(partner_id, id)',
      'foreign key (wcc_plan_id) -> wcc_families(id) becomes (partner_id, wcc_plan_id) -> wcc_families(partner_id, id)',
      'foreign key (payment_plan_id) -> payment_plan_families(id) becomes (partner_id, payment_plan_id) -> payment_plan_families(partner_id, id)',
    ],
    razorpay_auth_states: [
      'primary key (state_hash) -> (partner_id, state_hash)',
      'foreign key (agent_id) -> agents(id) becomes (partner_id, agent_id) -> agents(partner_id, id)',
    ],
    razorpay_connections: [
      'foreign key (connected_by) -> agents(id) becomes (partner_id, connected_by) -> agents(partner_id, id)',
    ],
    registration_attempts: [
      'add partner_id (not null)',
      'primary key (id) -> (partner_id, id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    stored_files: ['primary key (id) -> (partner_id, id)'],
    support_tickets: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    templates: [
      'primary key (id) -> (partner_id, id)',
      'unique templates_live_name_uq (project_id, name, language) -> (partner_id, project_id, name, language)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
    wcc_families: ['primary key (id) -> (partner_id, id)'],
    webhook_attempts: [
      'add partner_id (not null)',
      'primary key (id) -> (partner_id, id)',
      'foreign key (delivery_id) -> webhook_deliveries(id) becomes (partner_id, delivery_id) -> webhook_deliveries(partner_id, id)',
    ],
    webhook_deliveries: [
      'primary key (id) -> (partner_id, id)',
      'unique webhook_deliveries_event_uq (event_id, webhook_id) -> (partner_id, event_id, webhook_id)',
      'foreign key (webhook_id) -> webhooks(id) becomes (partner_id, webhook_id) -> webhooks(partner_id, id)',
      'foreign key (event_id) -> webhook_events(id) becomes (partner_id, event_id) -> webhook_events(partner_id, id)',
    ],
    webhook_events: ['primary key (id) -> (partner_id, id)'],
    webhooks: [
      'primary key (id) -> (partner_id, id)',
      'foreign key (project_id) -> projects(id) becomes (partner_id, project_id) -> projects(partner_id, id)',
    ],
  },
};
