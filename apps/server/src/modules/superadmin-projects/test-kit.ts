import { asc, eq } from 'drizzle-orm';
import { call, type TestContext } from '../../../test/harness.js';
import { adminAuditLog, billingLogs, projects } from '../../platform/db/schema.js';
import { readCentralBalance } from '../../modules/billing/central-balance.js';

/** Shared by this module's tests: the demo's projects by name, and what "nothing changed" compares. */

export const projectNamed = async (t: TestContext, name: string) => {
  const [row] = await t.database.db.select().from(projects).where(eq(projects.name, name));
  if (!row) throw new Error(`no demo project ${name}`);
  return row;
};

export const projectById = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;

export const centralOf = (t: TestContext, partnerId: string) => readCentralBalance(t.database.db, partnerId);

/** The audit rows about a project, oldest first. */
export const auditOf = (t: TestContext, projectId: string) =>
  t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.targetId, projectId))
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id));

export const billingLogsOf = (t: TestContext, projectId: string) =>
  t.database.db.select().from(billingLogs).where(eq(billingLogs.projectId, projectId));

export const adminCall = <T = Record<string, unknown>>(
  t: TestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => call<T>(t.app, method, url, { token, body, headers });
