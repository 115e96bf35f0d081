import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTypes } from '../../../packages/client/scripts/generate.js';
import { projectOf } from '../src/modules/webhooks/test-fixture.js';
import { basic, message } from '../src/modules/project-api/test-fixture.js';
import { call, signInAs, startTestApp, type TestContext } from './harness.js';

/**
 * The OpenAPI document (docs/api.md): what an integrator builds on, so it must be whole and true.
 * Whole: every operation named, public ones open, shared error answers, no sandbox route. True:
 * real answers of a representative set of routes, error answers included, valid against it.
 */
type Operation = {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { $ref?: string }>;
};
type Document = {
  openapi: string;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};

const client = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/client');
let t: TestContext;
let document: Document;
let owner = '';
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  document = JSON.parse(res.body) as Document;
  owner = await signInAs(t.app, 'owner');
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
  );

describe('the document', () => {
  // Formatting 360 KB of types takes seconds, more on a busy machine.
  it(
    'is the one packages/client was generated from (else: npm run generate -w @pc/client)',
    { timeout: 180_000 },
    async () => {
      const committed = (file: string) => readFileSync(path.join(client, file), 'utf8');
      expect(JSON.parse(committed('openapi.json')), 'packages/client/openapi.json').toEqual(document);
      expect(committed('src/schema.ts') === (await generatedTypes(document)), 'packages/client/src/schema.ts').toBe(
        true,
      );
    },
  );

  it('names every operation once, with a summary, and says where the API is', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => id && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().every(({ operation }) => operation.summary)).toBe(true);
    expect(document.servers?.[0]?.url).toBe('/');
    const byId = (id: string) => operations().find(({ operation }) => operation.operationId === id);
    expect(byId('sendProjectMessage')).toMatchObject({ url: '/api/v1/messages', method: 'post' });
    expect(byId('listProjectTemplates')).toMatchObject({ url: '/api/v1/templates', method: 'get' });
    expect(byId('getProjectWebhooks')).toMatchObject({ url: '/project/{projectId}/webhooks', method: 'get' });
  });

  it('hides the sandbox-only routes', () => {
    expect(Object.keys(document.paths).filter((url) => /\/sandbox/.test(url))).toEqual([]);
  });

  it('marks public routes as needing no credential, and gives each the errors it can answer', () => {
    expect(document.paths['/auth/login']!.post!.security).toEqual([]);
    expect(document.paths['/api/me']!.get!.security).toBeUndefined(); // the document's bearer
    expect(document.paths['/api/v1/messages']!.post!.security).toEqual([{ projectApiBasic: [] }]);
    const webhooks = document.paths['/project/{projectId}/webhooks']!.get!.responses;
    expect(Object.keys(webhooks).sort()).toEqual(['200', '400', '401', '403', '404', '503']);
    expect(webhooks['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(Object.keys(document.paths['/auth/login']!.post!.responses)).toEqual(
      expect.arrayContaining(['400', '429', '503']),
    );
    for (const response of Object.values(document.components.responses))
      expect(response).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      });
  });

  it('names shared schemas once instead of copying them', () => {
    expect(document.components.schemas).toHaveProperty('ErrorBody');
    expect(document.components.schemas).toHaveProperty('Webhook');
    const text = JSON.stringify(document);
    expect(text.match(/"#\/components\/schemas\/Webhook"/g)?.length).toBeGreaterThan(1);
  });
});

describe('real answers match the document', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

  /** The answer's body against the document's schema of that path, method and status (a shared error's too). */
  const expectMatches = (url: string, method: string, res: { statusCode: number; body: string }) => {
    if (!compiled.size) ajv.addSchema(document, 'openapi.json');
    const status = String(res.statusCode);
    const declared = document.paths[url]?.[method]?.responses[status];
    expect(declared, `${method} ${url} documents ${status}`).toBeDefined();
    const at = declared!.$ref
      ? `openapi.json${declared!.$ref}/content/application~1json/schema`
      : `openapi.json#/${pointer('paths', url, method, 'responses', status, 'content', 'application/json', 'schema')}`;
    const validate = compiled.get(at) ?? ajv.compile({ $ref: at });
    compiled.set(at, validate);
    const valid = validate(JSON.parse(res.body));
    expect(validate.errors ?? [], `${method.toUpperCase()} ${url} ${status}`).toEqual([]);
    expect(valid).toBe(true);
  };

  const inject = (method: 'GET' | 'POST', url: string, opts: { auth?: string; body?: object } = {}) =>
    t.app.inject({
      method,
      url,
      headers: opts.auth ? { authorization: opts.auth } : {},
      ...(opts.body ? { payload: opts.body } : {}),
    });

  it('the console: who I am, projects, webhooks', async () => {
    const bearer = `Bearer ${owner}`;
    const metro = await projectOf(t, 'Metro Clinics');
    const me = await inject('GET', '/api/me', { auth: bearer });
    expect(me.statusCode).toBe(200);
    expectMatches('/api/me', 'get', me);
    const projects = await inject('POST', '/api/project-lists', { auth: bearer, body: {} });
    expect(projects.statusCode).toBe(200);
    expectMatches('/api/project-lists', 'post', projects);
    const hooks = await inject('GET', `/project/${metro.id}/webhooks`, { auth: bearer });
    expect(hooks.statusCode).toBe(200);
    expectMatches('/project/{projectId}/webhooks', 'get', hooks);
  });

  it('the project API: templates and a send', async () => {
    const metro = await projectOf(t, 'Metro Clinics');
    const app = await call<{ privateApp: { _id: string }; password: string }>(
      t.app,
      'POST',
      `/project/${metro.id}/private-app`,
      { token: owner, body: { clientId: metro.businessId } },
    );
    const auth = basic({ id: app.body.privateApp._id, password: app.body.password });
    const templates = await inject('GET', '/api/v1/templates', { auth });
    expect(templates.statusCode).toBe(200);
    expectMatches('/api/v1/templates', 'get', templates);
    const sent = await inject('POST', '/api/v1/messages', { auth, body: message('+919812345601') });
    expect(sent.statusCode).toBe(202);
    expectMatches('/api/v1/messages', 'post', sent);
    const unknown = await inject('POST', '/api/v1/messages', {
      auth,
      body: message('+919812345601', { name: 'nope' }),
    });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expectMatches('/api/v1/messages', 'post', unknown);
  });

  it('(the check itself refuses an answer that is not the documented one)', () => {
    expect(() => expectMatches('/api/me', 'get', { statusCode: 401, body: '{"message":1}' })).toThrow();
  });

  it('error answers: 400, 401, 403, 404', async () => {
    const invalid = await inject('POST', '/auth/login', { body: { userName: 42 } });
    expect(invalid.statusCode).toBe(400);
    expectMatches('/auth/login', 'post', invalid);
    const anonymous = await inject('GET', '/api/me');
    expect(anonymous.statusCode).toBe(401);
    expectMatches('/api/me', 'get', anonymous);
    const noCredential = await inject('GET', '/api/v1/templates');
    expect(noCredential.statusCode).toBe(401);
    expectMatches('/api/v1/templates', 'get', noCredential);
    const notAdmin = await inject('GET', '/superadmin/partners', { auth: `Bearer ${owner}` });
    expect(notAdmin.statusCode).toBe(403);
    expectMatches('/superadmin/partners', 'get', notAdmin);
    const elsewhere = await inject('GET', '/project/no-such-project/webhooks', { auth: `Bearer ${owner}` });
    expect(elsewhere.statusCode).toBe(404);
    expectMatches('/project/{projectId}/webhooks', 'get', elsewhere);
  });
});
