import { and, desc, eq } from 'drizzle-orm';
import type { ProjectDetail } from '@pc/contract';
import { call, signInAs, type TestContext } from '../../../test/harness.js';
import { businesses, partnerAuditLog, projects } from '../../platform/db/schema.js';
import type { multipart } from './test-files.js';

/** Shared by the project tests: the demo's members, its projects by name, and the reads and calls about them. */
export const projectsFixture = async (t: TestContext) => {
  const [owner, viewer, direct] = await Promise.all([
    signInAs(t.app, 'owner'),
    signInAs(t.app, 'agent'),
    signInAs(t.app, 'direct'),
  ]);
  const projectId = async (name: string) => {
    const [row] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
    return row!.id;
  };
  const ids: Record<string, string> = {};
  for (const name of [
    'Sunrise Bakery',
    'Sunrise Orders',
    'Metro Reminders',
    'Metro Clinics',
    'Corner Store',
    'Bloom Florist',
    'Nimbus Travel',
  ])
    ids[name] = await projectId(name);
  const businessId = async (name: string) =>
    (await t.database.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.displayName, name)))[0]!.id;
  const row = async (id: string) => (await t.database.db.select().from(projects).where(eq(projects.id, id)))[0]!;
  /** The activity log's newest entry of an action about a project. */
  const lastEntry = async (projectId: string, action: string) =>
    (
      await t.database.db
        .select()
        .from(partnerAuditLog)
        .where(and(eq(partnerAuditLog.targetId, projectId), eq(partnerAuditLog.action, action)))
        .orderBy(desc(partnerAuditLog.createdAt))
        .limit(1)
    )[0];
  const getProject = async (id: string, token = owner) =>
    (await call<ProjectDetail[]>(t.app, 'GET', `/api/get-project/${id}`, { token })).body[0]!;
  const sendForm = (url: string, form: ReturnType<typeof multipart>, token = owner) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    });
  return { owner, viewer, direct, ids, businessId, row, lastEntry, getProject, sendForm };
};

export type ProjectsFixture = Awaited<ReturnType<typeof projectsFixture>>;
