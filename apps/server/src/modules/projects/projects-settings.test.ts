import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMessages } from '@pc/contract';
import { call, startTestApp, type TestContext } from '../../../test/harness.js';
import { projectsFixture, type ProjectsFixture } from './test-fixture.js';

let t: TestContext;
let owner: string;
let viewer: string;
let direct: string;
let ids: ProjectsFixture['ids'];
let businessId: ProjectsFixture['businessId'];
let row: ProjectsFixture['row'];
let lastEntry: ProjectsFixture['lastEntry'];
beforeAll(async () => {
  t = await startTestApp();
  ({ owner, viewer, direct, ids, businessId, row, lastEntry } = await projectsFixture(t));
});
afterAll(() => t.close());

describe('rename and agent size', () => {
  it('renames with a non-blank name; a blank one is refused', async () => {
    const url = `/partner/:partnerId/project/${ids['Nimbus Travel']}`;
    expect((await call(t.app, 'PATCH', url, { token: owner, body: { name: '   ' } })).status).toBe(400);
    const res = await call(t.app, 'PATCH', url, { token: owner, body: { name: '  Nimbus Holidays  ' } });
    expect(res.body).toEqual({ message: projectMessages.nameUpdated });
    expect((await row(ids['Nimbus Travel']!)).name).toBe('Nimbus Holidays');
  });

  it('needs business write', async () => {
    expect(
      (
        await call(t.app, 'PATCH', `/partner/:partnerId/project/${ids['Nimbus Travel']}`, {
          token: viewer,
          body: { name: 'X' },
        })
      ).status,
    ).toBe(403);
  });

  it('sets the agents limit from 1 to 100 with the spec messages', async () => {
    for (const agentSize of [0, 101, 2.5]) {
      const res = await call(t.app, 'PATCH', '/api/update-project-agent-size', {
        token: owner,
        body: { projectId: ids['Sunrise Orders'], agentSize },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(projectMessages.agentSizeRange);
    }
    const ok = await call(t.app, 'PATCH', '/api/update-project-agent-size', {
      token: owner,
      body: { projectId: ids['Sunrise Orders'], agentSize: 100 },
    });
    expect(ok.body).toEqual({ message: projectMessages.agentSizeUpdated });
    expect((await row(ids['Sunrise Orders']!)).maxAgents).toBe(100);
    expect(await lastEntry(ids['Sunrise Orders']!, 'project.agents')).toMatchObject({
      before: { maxAgents: expect.any(Number) },
      after: { maxAgents: 100 },
    });
  });

  it('is not offered to DIRECT partners', async () => {
    const res = await call(t.app, 'PATCH', '/api/update-project-agent-size', {
      token: direct,
      body: { projectId: ids['Corner Store'], agentSize: 3 },
    });
    expect(res.status).toBe(400);
  });
});

describe('migration', () => {
  it("moves the project to another of the partner's businesses", async () => {
    const target = await businessId('Zen Yoga');
    const res = await call(t.app, 'PATCH', `/partner/:partnerId/project/${ids['Sunrise Orders']}/migrate`, {
      token: owner,
      body: { businessId: target },
    });
    expect(res.body).toEqual({ message: projectMessages.migrated });
    expect((await row(ids['Sunrise Orders']!)).businessId).toBe(target);
    expect(await lastEntry(ids['Sunrise Orders']!, 'project.migrate')).toMatchObject({
      targetName: 'Sunrise Orders',
      before: { businessId: await businessId('Sunrise Bakery'), businessName: 'Sunrise Bakery' },
      after: { businessId: target, businessName: 'Zen Yoga' },
    });
  });

  it('refuses an archived, foreign or unknown business with 404, changing nothing', async () => {
    const before = (await row(ids['Sunrise Orders']!)).businessId;
    for (const target of [await businessId('Old Market'), await businessId('Corner Store'), 'nope']) {
      expect(
        (
          await call(t.app, 'PATCH', `/partner/:partnerId/project/${ids['Sunrise Orders']}/migrate`, {
            token: owner,
            body: { businessId: target },
          })
        ).status,
      ).toBe(404);
    }
    expect((await row(ids['Sunrise Orders']!)).businessId).toBe(before);
  });

  it('needs the partner flag `migration`', async () => {
    const res = await call(t.app, 'PATCH', `/partner/:partnerId/project/${ids['Bloom Florist']}/migrate`, {
      token: direct,
      body: { businessId: await businessId('Corner Store') },
    });
    expect(res.status).toBe(403);
  });
});
