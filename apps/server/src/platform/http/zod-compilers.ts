import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Every route's schemas are zod. Naming zod's compilers as Fastify's compiler factories (not only
 * with setValidatorCompiler, which comes after) keeps Fastify from loading its default JSON-schema
 * compilers, ajv and fast-json-stringify, when the app is made: about a quarter of building it
 * (docs/benchmarks.md, "Cold start"). Fastify's option types are those compilers' signatures, hence the casts.
 */
export const zodSchemaController = {
  compilersFactory: {
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
