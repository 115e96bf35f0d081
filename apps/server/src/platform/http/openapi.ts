import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodRegistry, $ZodType, globalRegistry } from 'zod/v4/core';
import * as contract from '@pc/contract';
import type { Access } from '@pc/contract';
import { errorAnswersOf, operationIdOf, sharedErrorResponses, summaryOf } from './openapi-operations.js';
import { pruneComponents, tidySchemas } from './openapi-components.js';

/**
 * Every zod schema the contract exports, named by its export: a route's body or answer that is one
 * of them (or holds one) is a `$ref` to `components.schemas.<Name>` rather than an inline copy, so
 * a generated client has one `ProjectList` type, not one per route. A separate registry (not zod's
 * global one) keeps the names out of the contract's own runtime. An alias (two exports, one schema)
 * keeps its first name; `XInput` is the name the library gives a schema's request form, so an export
 * already called that is left unnamed where `X` also exists.
 */
const contractRegistry = () => {
  const registry = new $ZodRegistry<{ id?: string }>();
  // What a schema says of itself (`.describe()`, zod's global registry) still reaches the document.
  const own = registry as unknown as { _map: WeakMap<object, unknown> };
  const global = globalRegistry as unknown as { _map: WeakMap<object, unknown> };
  own._map = new (class extends WeakMap<object, unknown> {
    override get(key: object) {
      return super.get(key) ?? global._map.get(key);
    }
    override has(key: object) {
      return super.has(key) || global._map.has(key);
    }
  })();
  const exports = Object.entries(contract as Record<string, unknown>).filter(
    (entry): entry is [string, $ZodType] => entry[1] instanceof $ZodType,
  );
  const names = new Set(exports.map(([name]) => name));
  for (const [name, schema] of exports) {
    if (registry.get(schema)?.id) continue;
    if (name.endsWith('Input') && names.has(name.slice(0, -'Input'.length))) continue;
    registry.add(schema, { ...globalRegistry.get(schema), id: name });
  }
  return registry;
};

/** A route that declares no answer sends something else than JSON: a file, a page, a CSV, a redirect. */
const UNDESCRIBED_ANSWER = {
  200: {
    type: 'null',
    description: 'The answer, not JSON: a file, a page, a CSV or a redirect (see the description).',
  },
};

/** Whether a route exists only with the sandbox providers (the fake Meta, Razorpay, phone): never a partner's to call. */
const sandboxOnly = (url: string) => url.split('/').some((segment) => segment.startsWith('sandbox'));

/**
 * @fastify/swagger's options: the document a partner's integrator builds on (docs/api.md). Every
 * rule of the document is here, drawn from each route's own declaration (its method and path, its
 * `config.access`, its schemas), so a route file declares nothing for it; a route that wants its
 * own operationId says `schema.operationId`.
 */
export const openApiOptions = (securitySchemes: Record<string, unknown>) => {
  const registry = contractRegistry();
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
  const paramTransform = createJsonSchemaTransform({ schemaRegistry: globalRegistry });
  const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });
  const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (route) => {
    const { schema, url } = zodTransform(route) as { schema: Record<string, unknown>; url: string };
    // Path, query and header schemas inline: @fastify/swagger lists their properties as parameters,
    // which it cannot do through a `$ref`.
    const parameters = route.schema
      ? (paramTransform({
          ...route,
          schema: { params: route.schema.params, querystring: route.schema.querystring, headers: route.schema.headers },
        }).schema as Record<string, unknown>)
      : {};
    if (schema?.hide || sandboxOnly(url)) return { schema: { ...schema, hide: true } as FastifySchema, url };
    const access = (route.route.config as { access?: Access } | undefined)?.access;
    const method = ([] as string[]).concat(route.route.method).find((m) => m !== 'HEAD') ?? 'GET';
    const declared = (schema?.response ?? {}) as Record<string, unknown>;
    const operationId = (schema?.operationId as string | undefined) ?? operationIdOf(method, url);
    return {
      url,
      schema: {
        ...schema,
        ...parameters,
        operationId,
        summary: (schema?.summary as string | undefined) ?? summaryOf(operationId),
        // A public route needs no credential: it says so rather than inheriting the document's bearer.
        ...(access === 'public' && !schema?.security ? { security: [] } : {}),
        response: {
          ...(Object.keys(declared).some((code) => /^[23]/.test(code)) ? {} : UNDESCRIBED_ANSWER),
          ...declared,
          ...errorAnswersOf({ method, url, access, schema: schema ?? {}, declared }),
        },
      } as FastifySchema,
    };
  };
  const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (documentObject) => {
    const document = zodTransformObject(documentObject) as Record<string, unknown>;
    return tidySchemas(pruneComponents(sharedErrorResponses(document))) as never;
  };
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Partner Console API',
        version: '1.0.0',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        description:
          "The API of the Partner Console: the console's own calls (a bearer session token) and the project API (`/api/v1`, a private app's Basic credential). Every error answer has the same body (`ErrorBody`).",
      },
      // Relative: each partner's console answers on its own domain (white label), the document's own.
      servers: [{ url: '/', description: 'The console that serves this document' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...securitySchemes } },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject,
  } as FastifyDynamicSwaggerOptions;
};
