import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullAccess, messages, type Access } from '@pc/contract';
import type { AccessRow } from '../../src/platform/access/access.js';
import { call, signInAs, startTestApp, type CallResult } from '../harness.js';

/**
 * Every route in the access table fed malformed input by a user allowed to call it: never a 500;
 * malformed bodies are a 400 and unknown ids a 404, each with a message to show.
 */
type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  additionalProperties?: JsonSchema | boolean;
};
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Method = 'GET' | 'POST' | 'PATCH';

const t = await startTestApp();
await t.app.ready();
const openApi = t.app.swagger() as {
  paths: Record<string, Record<string, { requestBody?: { content: { 'application/json': { schema: JsonSchema } } } }>>;
  components: { schemas: Record<string, JsonSchema> };
};
/**
 * The schema with its named parts (`$ref`s to the document's components) written in place, and
 * OpenAPI 3.1's `anyOf: [X, { type: 'null' }]` read as X with `nullable`.
 */
const inline = (schema: unknown): JsonSchema => {
  if (Array.isArray(schema)) return schema.map(inline) as unknown as JsonSchema;
  if (!schema || typeof schema !== 'object') return schema as JsonSchema;
  const { $ref, ...rest } = schema as { $ref?: string };
  if ($ref) return inline({ ...openApi.components.schemas[$ref.split('/').pop()!], ...rest });
  const out = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value)])) as JsonSchema;
  const others = out.anyOf?.filter((branch) => branch.type !== 'null');
  if (!others || others.length === out.anyOf!.length) return out;
  const { anyOf: _anyOf, ...own } = out;
  return others.length === 1 ? { ...own, ...others[0], nullable: true } : { ...own, anyOf: others, nullable: true };
};
const bodySchemaOf = (row: AccessRow): JsonSchema | undefined => {
  const schema =
    openApi.paths[row.url.replace(/:(\w+)/g, '{$1}')]?.[row.method.toLowerCase()]?.requestBody?.content[
      'application/json'
    ].schema;
  return schema && inline(schema);
};

const tokens: Partial<Record<'owner' | 'admin', string>> = {};
beforeAll(async () => {
  [tokens.owner, tokens.admin] = await Promise.all([signInAs(t.app, 'owner'), signInAs(t.app, 'admin')]);
});
afterAll(() => t.close());

/** A user allowed to call the route; signing out gets a session of its own, as it ends it. */
const callerFor = async (row: AccessRow): Promise<string | undefined> => {
  const access: Access = row.access;
  if (access === 'public') return undefined;
  if (row.url === '/auth/sign-out') return signInAs(t.app, 'owner');
  return access === 'superadmin' ? tokens.admin : tokens.owner;
};

let address = 0;
/** Sends a raw payload; each call from its own client address so that sign-in throttling stays out of the way. */
const send = async (
  row: AccessRow,
  opts: { url?: string; payload?: string; contentType?: string } = {},
): Promise<CallResult> => {
  address += 1;
  const token = await callerFor(row);
  const res = await t.app.inject({
    method: row.method as Method,
    url: opts.url ?? row.url,
    remoteAddress: `10.9.${address >> 8}.${address & 255}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.payload !== undefined ? { 'content-type': opts.contentType ?? 'application/json' } : {}),
    },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
  });
  // Pages for people (the sandbox provider's) answer HTML; their text stands for the message.
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  return {
    status: res.statusCode,
    body: !res.body
      ? {}
      : json
        ? (JSON.parse(res.body) as Record<string, unknown>)
        : { message: res.body.slice(0, 200) },
  };
};

const expectRefused = (res: CallResult, status = 400) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toEqual(expect.stringMatching(/\S/));
};
const expectHandled = (res: CallResult) => {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  if (res.status >= 400) expect(res.body.message).toEqual(expect.stringMatching(/\S/));
};

/** A value of the schema's shape (not necessarily valid: strings are placeholders). */
const sample = (schema: JsonSchema, text: () => string): Json => {
  if (schema.anyOf) return sample(schema.anyOf[0]!, text);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, text)]));
    case 'string':
      return text();
    case 'boolean':
      return true;
    case 'number':
    case 'integer':
      return 1;
    case 'array':
      return [];
    default:
      return text();
  }
};

/** A value of the wrong type for the schema. */
const wrongFor = (schema: JsonSchema): Json =>
  schema.type === 'string' || schema.anyOf ? 12345 : schema.type === 'object' ? 'not an object' : 'wrong';

/** Every leaf and branch of the sample, each replaced once by a value of the wrong type. */
const wrongTypeVariants = (schema: JsonSchema, base: Json, path: string[] = []): { path: string; body: Json }[] => {
  const out: { path: string; body: Json }[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const at = [...path, key];
    const replaced = structuredClone(base) as Record<string, Json>;
    let cursor = replaced;
    for (const k of at.slice(0, -1)) cursor = cursor[k] as Record<string, Json>;
    cursor[at.at(-1)!] = wrongFor(child);
    out.push({ path: at.join('.'), body: replaced });
    if (child.type === 'object')
      out.push(...wrongTypeVariants(child, base, at).map((v) => ({ path: v.path, body: v.body })));
  }
  return out;
};

/** The routes that take a multipart form; every other route refuses one as not its content type. */
const multipartRoutes = ['POST /partner/submit-kyc', 'POST /api/storage/upload'];
/** Malformed multipart bodies: no boundary, a part cut off, more (nameless) parts than the limit. */
const malformedMultipart: [string, string][] = [
  ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished'],
  ['multipart/form-data; boundary=x', `${'--x\r\nX-A: 1\r\n\r\nb\r\n'.repeat(50)}--x--\r\n`],
];

// Random text does not compress: it really is this long when it reaches an index.
const huge = () => randomBytes(48 * 1024).toString('base64url');
const unknownId = () => randomBytes(12).toString('hex');

for (const row of t.app.accessTable) {
  const schema = bodySchemaOf(row);
  describe(`${row.method} ${row.url}`, () => {
    it('handles a junk query string without a 500', async () => {
      const payload = row.method === 'GET' ? undefined : schema ? JSON.stringify(sample(schema, () => 'x')) : '{}';
      expectHandled(
        await send(row, { url: `${row.url}?x=%00&y[]=1&y[]=2&__proto__[a]=1&${'z'.repeat(4000)}=1`, payload }),
      );
    });

    if (row.method !== 'GET') {
      it('refuses malformed JSON text with 400', async () => {
        expectRefused(await send(row, { payload: '{"oops": ' }));
        expectRefused(await send(row, { payload: '[1, 2' }));
        expectRefused(await send(row, { payload: '{"__proto__": {"isAdmin": true}}' }));
      });

      it('handles deeply nested JSON without a 500', async () => {
        expectHandled(await send(row, { payload: `${'['.repeat(100000)}${']'.repeat(100000)}` }));
        expectHandled(await send(row, { payload: `${'{"a":'.repeat(50000)}"\u0000"${'}'.repeat(50000)}` }));
      });

      it('refuses a malformed multipart form with 400 where a form or a body is taken, never a 500', async () => {
        const refused = multipartRoutes.includes(`${row.method} ${row.url}`) || (schema && !schema.nullable);
        for (const [contentType, payload] of malformedMultipart) {
          const res = await send(row, { payload, contentType });
          if (refused) expectRefused(res);
          else expectHandled(res);
        }
      });

      it('refuses a body over the size limit, without a 500', async () => {
        // Meta's webhook takes Meta's largest deliveries (3 MB); every other route 1 MiB.
        const limit = row.url === '/platform/meta/webhook' ? 3 * 1024 * 1024 : 1024 * 1024;
        const res = await send(row, { payload: JSON.stringify({ blob: 'x'.repeat(limit + 100 * 1024) }) });
        expect(res.status).toBe(413);
        expect(res.body.message).toEqual(expect.stringMatching(/\S/));
      });
    }
    if (!schema) return;

    it(schema.nullable ? 'takes no body at all' : 'refuses no body with 400', async () => {
      const res = await send(row);
      if (schema.nullable) expectHandled(res);
      else expectRefused(res);
    });

    it('refuses a body that is not JSON with 400', async () => {
      expectRefused(await send(row, { payload: 'just text', contentType: 'text/plain' }));
      expectRefused(await send(row, { payload: '<a>xml</a>', contentType: 'application/xml' }));
    });

    it('refuses a JSON array, a string, a number and a boolean with 400', async () => {
      for (const payload of ['[]', '[{"a":1}]', '"some text"', '42', 'true'])
        expectRefused(await send(row, { payload }));
      if (!schema.nullable) expectRefused(await send(row, { payload: 'null' }));
    });

    for (const variant of wrongTypeVariants(
      schema,
      sample(schema, () => 'x'),
    )) {
      it(`refuses a wrong type for ${variant.path} with 400`, async () => {
        expectRefused(await send(row, { payload: JSON.stringify(variant.body) }));
      });
    }

    it('handles huge strings in every field without a 500', async () => {
      expectHandled(await send(row, { payload: JSON.stringify(sample(schema, huge)) }));
    });

    it('handles the NUL character and other odd text in every field without a 500', async () => {
      for (const odd of ['\u0000', 'a\u0000b', '\ud800', '😀'.repeat(20), "' or 1=1 --", '   ']) {
        expectHandled(await send(row, { payload: JSON.stringify(sample(schema, () => odd)) }));
      }
    });

    // A lone surrogate cannot be stored as UTF-8: refused at the one place every body passes
    // (platform/http/text-guard.ts) before any handler, audit entry or query sees it.
    it('refuses broken Unicode (a lone surrogate) in any text field with 400', async () => {
      const body = sample(schema, () => 'a\ud800b');
      const payload = JSON.stringify(body);
      if (!payload.includes('\\ud800')) return;
      expect(await send(row, { payload })).toMatchObject({ status: 400, body: { message: messages.brokenUnicode } });
    });

    it('handles ids it does not know without a 500', async () => {
      expectHandled(await send(row, { payload: JSON.stringify(sample(schema, unknownId)) }));
    });
  });
}

it('knows every multipart route by its place in the access table', () => {
  const table = t.app.accessTable.map((r) => `${r.method} ${r.url}`);
  expect(table.filter((r) => multipartRoutes.includes(r))).toEqual(multipartRoutes);
});

describe('path parameters', () => {
  const withParams = t.app.accessTable.filter((r) => r.url.includes('/:'));
  for (const row of withParams) {
    it(`${row.method} ${row.url}: odd or huge values are handled without a 500`, async () => {
      for (const value of [unknownId(), '%00', '..%2F..', 'a'.repeat(5000), "'; drop table partners; --"]) {
        const body = row.method === 'GET' ? undefined : JSON.stringify({ flags: { kyc: true } });
        expectHandled(
          await send(row, {
            url: row.url.replace(/:\w+/g, encodeURIComponent(value).replaceAll('%25', '%')),
            payload: body,
          }),
        );
      }
    });
  }
});

describe('unknown ids answer 404', () => {
  const cases: { method: Method; url: string; body: Json; caller: 'owner' | 'admin' }[] = [
    { method: 'POST', url: '/api/disable-partner-agent', body: { agentId: unknownId() }, caller: 'owner' },
    {
      method: 'POST',
      url: '/api/modify-partner-agent',
      body: { agentId: unknownId(), role: 'Viewer' },
      caller: 'owner',
    },
    {
      method: 'POST',
      url: '/api/edit-role',
      body: { roleName: 'No Such Role', permissionsList: fullAccess },
      caller: 'owner',
    },
    {
      method: 'POST',
      url: '/api/create-partner-agent',
      body: {
        name: 'Ghost',
        email: 'ghost@acme.example',
        loginUsername: 'ghost',
        loginPassword: 'Ghost@123',
        dialCode: '91',
        phoneNumber: '9876543210',
        agentRole: 'No Such Role',
      },
      caller: 'owner',
    },
    {
      method: 'PATCH',
      url: `/superadmin/partners/${unknownId()}/flags`,
      body: { flags: { kyc: true } },
      caller: 'admin',
    },
  ];
  for (const c of cases) {
    it(`${c.method} ${c.url}`, async () => {
      expectRefused(await call(t.app, c.method, c.url, { token: tokens[c.caller], body: c.body }), 404);
    });
  }
});
