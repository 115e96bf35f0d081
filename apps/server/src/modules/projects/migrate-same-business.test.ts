import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projectMessages } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../../../test/harness.js';
import { projects } from '../../platform/db/schema.js';

let t: TestContext;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const projectNamed = async (name: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.name, name)))[0]!;

describe('PATCH /partner/{partnerId}/project/{projectId}/migrate to the business it is in', () => {
  it("is refused with 400 and changes nothing (the dialog does not offer it; the API said 'Migration Successful')", async () => {
    const project = await projectNamed('Metro Reminders');
    const res = await call(t.app, 'PATCH', `/partner/:partnerId/project/${project.id}/migrate`, {
      token: owner,
      body: { businessId: project.businessId },
    });
    expect(res).toMatchObject({ status: 400, body: { message: projectMessages.alreadyInBusiness } });
    expect(await projectNamed('Metro Reminders')).toEqual(project);
  });
});
