import { eq } from 'drizzle-orm';
import { fillSample, renumberParams, type CreateTemplateResponse, type TemplateInput } from '@pc/contract';
import { call, type TestContext } from '../../../test/harness.js';
import { projects, templates } from '../../platform/db/schema.js';

/** Shared by the template module's tests: a valid template to vary, and the demo's projects by name. */

/** A valid TEXT template; `over` replaces fields, and sample_text follows the text unless given. */
export const validInput = (over: Partial<TemplateInput> = {}): TemplateInput => {
  const merged: TemplateInput = {
    label: 'Order update',
    category: 'UTILITY',
    type: 'TEXT',
    language: 'en',
    name: 'order_update',
    text: 'Hello {{1}}, your order {{2}} has shipped today and will arrive soon.',
    sample_text: '',
    templateParams: ['Asha', '#123'],
    message_action_type: 'None',
    call_to_action: [],
    quick_replies: [],
    headerText: 'Order news',
    footerText: 'Reply STOP to opt out',
    ...over,
  };
  return {
    ...merged,
    sample_text: over.sample_text ?? fillSample(renumberParams(merged.text), merged.templateParams ?? []),
  };
};

export const projectIdOf = async (t: TestContext, name: string) => {
  const [row] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
  if (!row) throw new Error(`no demo project ${name}`);
  return row.id;
};

/** Every template row of a project, by id: what "nothing changed" compares. */
export const templateRowsOf = async (t: TestContext, projectId: string) =>
  (await t.database.db.select().from(templates).where(eq(templates.projectId, projectId))).sort((a, b) =>
    a.id.localeCompare(b.id),
  );

export const createTemplate = (t: TestContext, token: string, projectId: string, body: object) =>
  call<CreateTemplateResponse & { fields?: Record<string, string> }>(
    t.app,
    'POST',
    `/project/${projectId}/wa_template`,
    {
      token,
      body,
    },
  );

/** The signed-in member's agent id and partner id. */
export const whoAmI = async (t: TestContext, token: string) => {
  const me = await call<{ agent: { _id: string; partnerId: string } }>(t.app, 'GET', '/api/me', { token });
  return { agentId: me.body.agent._id, partnerId: me.body.agent.partnerId };
};
