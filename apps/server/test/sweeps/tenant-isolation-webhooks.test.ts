import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PrivateAppPasswordResponse, Webhook } from '@pc/contract';
import { call, signInAs, startTestApp, type TestContext } from '../harness.js';
import { privateApps, projects, webhooks } from '../../src/platform/db/schema.js';
import { newId } from '../../src/platform/db/ids.js';
import { secretBox, newWebhookSecret } from '../../src/modules/webhooks/secret.js';
import { addHook } from '../../src/modules/webhooks/test-fixture.js';

/**
 * The webhook and private-app calls' tenant floor: each partner's owner, acting on another
 * partner's projects, webhooks and private apps by their ids, gets 404 and changes nothing. Acme
 * makes its own through the API; AdsWorks and Direct Retail may not (not WHITELABEL), so theirs are
 * written straight into the database.
 */
let t: TestContext;
type Name = 'acme' | 'ads' | 'direct';
type Side = { token: string; project: string; business: string; webhook: string; app: string };
const sides = {} as Record<Name, Side>;

const world = async () => ({
  webhooks: await t.database.db.select().from(webhooks).orderBy(asc(webhooks.id)),
  apps: await t.database.db.select().from(privateApps).orderBy(asc(privateApps.id)),
});
let before: Awaited<ReturnType<typeof world>>;

const projectNamed = async (name: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.name, name)))[0]!;

const acmeSide = async (): Promise<Side> => {
  const token = await signInAs(t.app, 'owner');
  const p = await projectNamed('Metro Clinics');
  const hook: Webhook = await addHook(t, token, p.id);
  const app = await call<PrivateAppPasswordResponse>(t.app, 'POST', `/project/${p.id}/private-app`, {
    token,
    body: { clientId: p.businessId },
  });
  expect(app.status).toBe(200);
  return { token, project: p.id, business: p.businessId, webhook: hook._id, app: app.body.privateApp._id };
};

const writtenSide = async (who: 'ads' | 'direct', projectName: string): Promise<Side> => {
  const p = await projectNamed(projectName);
  const [hook] = await t.database.db
    .insert(webhooks)
    .values({
      id: newId(),
      partnerId: p.partnerId,
      projectId: p.id,
      topics: ['contact.created'],
      url: 'https://hooks.example.com/in',
      secret: secretBox(t.deps.env).seal(newWebhookSecret()),
    })
    .returning();
  const [app] = await t.database.db
    .insert(privateApps)
    .values({ id: newId(), partnerId: p.partnerId, projectId: p.id, clientId: p.businessId, passwordHash: '0' })
    .returning();
  return { token: await signInAs(t.app, who), project: p.id, business: p.businessId, webhook: hook!.id, app: app!.id };
};

beforeAll(async () => {
  t = await startTestApp();
  sides.acme = await acmeSide();
  sides.ads = await writtenSide('ads', 'Brightside Apparel');
  sides.direct = await writtenSide('direct', 'Corner Store');
  before = await world();
});
afterAll(() => t.close());

type Attempt = [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, object?];

/** Every call `actor` can make on `victim`'s project. */
const onTheirProject = (victim: Side): Attempt[] => {
  const p = `/project/${victim.project}`;
  const hook = { topics: ['contact.created'], webhook_url: 'https://evil.example.com/in' };
  return [
    ['detail list', 'GET', `${p}/partner/webhook`],
    ['management list', 'GET', `${p}/webhooks`],
    ['create', 'POST', `${p}/webhook`, hook],
    ['update', 'PATCH', `${p}/webhook/${victim.webhook}`, hook],
    ['delete', 'DELETE', `${p}/webhook/${victim.webhook}`],
    ['enable', 'POST', `${p}/webhook/${victim.webhook}/enable`],
    ['new secret', 'POST', `${p}/webhook/${victim.webhook}/secret`],
    ['chat secret', 'POST', `${p}/webhook-secret`],
    ['read app', 'GET', `${p}/private-app`],
    ['create app', 'POST', `${p}/private-app`, { clientId: victim.business }],
    ['reset app', 'PATCH', `${p}/private-app`, { privateAppId: victim.app }],
  ];
};

/** The victim's webhook and app ids through the actor's own project (Acme's, where webhooks are allowed). */
const throughMine = (actor: Side, victim: Side): Attempt[] => {
  const p = `/project/${actor.project}`;
  return [
    ['update theirs', 'PATCH', `${p}/webhook/${victim.webhook}`, { webhook_url: 'https://evil.example.com/in' }],
    ['delete theirs', 'DELETE', `${p}/webhook/${victim.webhook}`],
    ['enable theirs', 'POST', `${p}/webhook/${victim.webhook}/enable`],
    ['renew their secret', 'POST', `${p}/webhook/${victim.webhook}/secret`],
    ['reset their app', 'PATCH', `${p}/private-app`, { privateAppId: victim.app }],
  ];
};

const pairs: [Name, Name][] = [
  ['acme', 'ads'],
  ['acme', 'direct'],
  ['ads', 'acme'],
  ['direct', 'acme'],
  ['ads', 'direct'],
];

describe.each(pairs)("%s's owner on %s's webhooks and private app", (actorName, victimName) => {
  it('gets 404 for every id of the other partner', async () => {
    const actor = sides[actorName];
    const victim = sides[victimName];
    const attempts = [...onTheirProject(victim), ...(actorName === 'acme' ? throughMine(actor, victim) : [])];
    for (const [what, method, url, body] of attempts) {
      const res = await call(t.app, method, url, { token: actor.token, body });
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
    }
  });
});

describe('afterwards', () => {
  it('no webhook or private app of any partner changed', async () => {
    expect(await world()).toEqual(before);
  });
});
