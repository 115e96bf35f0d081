import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectApiMessages, webhookMessages, type PrivateAppPasswordResponse } from '@pc/contract';
import { call } from '../../../test/harness.js';
import { privateApps } from '../../platform/db/schema.js';
import { projectOf, setPartner, setProject } from '../webhooks/test-fixture.js';
import { basic, restoreMetro, startProjectApi, type Api } from './test-fixture.js';

/** The project API's own authentication: the private app's Basic credential, the rule re-read on each call, lastUsedAt. */
let a: Api;
beforeAll(async () => {
  a = await startProjectApi();
});
afterAll(() => a.t.close());
beforeEach(() => restoreMetro(a));

const templates = (auth?: string | null) => a.api('GET', '/api/v1/templates', { auth });

const expectRefused = (res: Awaited<ReturnType<typeof templates>>) => {
  expect(res.status).toBe(401);
  expect(res.headers['www-authenticate']).toBe('Basic realm="project-api", charset="UTF-8"');
  expect(res.body).toEqual({ message: projectApiMessages.unauthenticated, code: 'INVALID_CREDENTIAL' });
};

describe('the credential', () => {
  it("opens the API with the app's id and password", async () => {
    expect((await templates()).status).toBe(200);
  });

  it('refuses a call without one, a wrong or malformed one, a session token and an unknown app: 401', async () => {
    expectRefused(await templates(null));
    expectRefused(await templates(basic({ ...a.credential, password: `${a.credential.password}x` })));
    expectRefused(await templates(basic({ ...a.credential, password: '' })));
    expectRefused(await templates(basic({ id: 'no-such-app', password: a.credential.password })));
    expectRefused(await templates(basic({ id: 'a\u0000b', password: a.credential.password })));
    expectRefused(await templates('Basic not base64!'));
    expectRefused(await templates(`Bearer ${a.owner}`));
    expectRefused(await templates(`Basic ${Buffer.from(a.credential.password).toString('base64')}`));
  });

  it('refuses the old password after a reset, and takes the new one', async () => {
    const res = await call<PrivateAppPasswordResponse>(a.t.app, 'PATCH', `/project/${a.metro.id}/private-app`, {
      token: a.owner,
      body: { privateAppId: a.credential.id },
    });
    expect(res.status).toBe(200);
    expectRefused(await templates());
    expect((await templates(basic({ id: a.credential.id, password: res.body.password }))).status).toBe(200);
    a.credential.password = res.body.password;
  });

  it("refuses a deleted (archived) project's app as an unknown one", async () => {
    await setProject(a.t, a.metro.id, { partnerArchived: true });
    expectRefused(await templates());
  });
});

describe('the project API rule, read again on each call', () => {
  it('answers 403 once the partner is no longer on DIAMOND, and opens again when it is', async () => {
    await setPartner(a.t, a.metro.partnerId, { planType: 'GOLD' });
    expect(await templates()).toMatchObject({
      status: 403,
      body: { message: webhookMessages.privateAppNotAllowed, code: 'FORBIDDEN' },
    });
    await setPartner(a.t, a.metro.partnerId, { planType: 'DIAMOND' });
    expect((await templates()).status).toBe(200);
  });

  it('answers 403 on a Basic plan, and for sends too', async () => {
    await setProject(a.t, a.metro.id, { activePlan: 'BASIC_MONTHLY' });
    expect((await templates()).status).toBe(403);
    const send = await a.send({ to: '919876500001', template: { name: 'appointment_reminder', language: 'en' } });
    expect(send.status).toBe(403);
  });
});

describe('lastUsedAt', () => {
  const lastUsed = async () =>
    (await a.t.database.db.select().from(privateApps).where(eq(privateApps.id, a.credential.id)))[0]!.lastUsedAt;

  it('is set on use, kept for a minute whatever the number of calls, then moved', async () => {
    await a.t.database.db.update(privateApps).set({ lastUsedAt: null }).where(eq(privateApps.id, a.credential.id));
    a.t.clock.now = new Date(a.t.clock.now.getTime() + 120_000);
    const first = a.t.clock.now;
    await templates();
    expect(await lastUsed()).toEqual(first);
    a.t.clock.now = new Date(first.getTime() + 30_000);
    await templates();
    await templates();
    expect(await lastUsed()).toEqual(first);
    a.t.clock.now = new Date(first.getTime() + 61_000);
    await templates();
    expect(await lastUsed()).toEqual(a.t.clock.now);
  });

  it('is shown on the Project Api tab', async () => {
    const res = await call<{ privateApp: { lastUsedAt: string | null } }>(
      a.t.app,
      'GET',
      `/project/${a.metro.id}/private-app`,
      { token: a.owner },
    );
    expect(res.body.privateApp.lastUsedAt).not.toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('documents the routes under the Basic scheme', async () => {
    const doc = (await a.t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(doc.components.securitySchemes.projectApiBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths['/api/v1/templates']!.get!.security).toEqual([{ projectApiBasic: [] }]);
    expect(doc.paths['/api/v1/messages']!.post!.security).toEqual([{ projectApiBasic: [] }]);
    expect(Object.keys(doc.paths['/api/v1/messages']!.post!.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '402', '403', '429']),
    );
  });
});

it("another project's app sees its own project", async () => {
  const reminders = await projectOf(a.t, 'Metro Reminders');
  const other = await a.credentialOf(reminders);
  expect(other.id).not.toBe(a.credential.id);
  expect((await templates(basic(other))).status).toBe(200);
});
