import { eq } from 'drizzle-orm';
import type { Webhook, WebhookListResponse, WebhookResponse } from '@pc/contract';
import { call, type TestContext } from '../../../test/harness.js';
import { partners, projects, webhooks } from '../../platform/db/schema.js';

/** Shared by the webhook and private-app tests: the demo's projects by name, and the calls as the web makes them. */

export const HOOK_URL = 'https://hooks.example.com/in';

export const projectOf = async (t: TestContext, name: string) => {
  const [row] = await t.database.db.select().from(projects).where(eq(projects.name, name));
  if (!row) throw new Error(`no demo project ${name}`);
  return row;
};

export const setProject = (t: TestContext, id: string, values: Partial<typeof projects.$inferInsert>) =>
  t.database.db.update(projects).set(values).where(eq(projects.id, id));

export const setPartner = (t: TestContext, id: string, values: Partial<typeof partners.$inferInsert>) =>
  t.database.db.update(partners).set(values).where(eq(partners.id, id));

export const createHook = (t: TestContext, token: string, projectId: string, body: object) =>
  call<WebhookResponse>(t.app, 'POST', `/project/${projectId}/webhook`, { token, body });

/** A webhook made through the API (the clock moves a second first, so "newest first" is visible). */
export const addHook = async (t: TestContext, token: string, projectId: string, topics = ['contact.created']) => {
  t.clock.now = new Date(t.clock.now.getTime() + 1000);
  const res = await createHook(t, token, projectId, { topics, webhook_url: HOOK_URL });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.webhook;
};

export const listHooks = async (t: TestContext, token: string, projectId: string): Promise<Webhook[]> => {
  const res = await call<WebhookListResponse>(t.app, 'GET', `/project/${projectId}/webhooks`, { token });
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.webhooks;
};

export const hookRowsOf = (t: TestContext, projectId: string) =>
  t.database.db.select().from(webhooks).where(eq(webhooks.projectId, projectId));

export const clearHooks = (t: TestContext, projectId: string) =>
  t.database.db.delete(webhooks).where(eq(webhooks.projectId, projectId));
