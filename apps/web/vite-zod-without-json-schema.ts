import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** zod's JSON Schema modules, which its classic schemas import whole (about 6 KB on every page over the wire). */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * The web build without zod's JSON Schema code: the browser checks answers with the contract's
 * schemas and never asks one for its JSON Schema (the server writes the OpenAPI document). zod's
 * classic schemas import those modules whole, for `toJSONSchema()` and the Standard Schema's
 * `jsonSchema`, so they were part of every page's first load. Here each of the two modules is
 * replaced, in the build only (the dev server and the tests keep zod as it is), by one with the same
 * exports, read from the real module, each of which throws with this file's name when called; the
 * two factories zod calls as a schema is made return such a function.
 */
export const zodWithoutJsonSchema = (): Plugin => ({
  name: 'zod-without-json-schema',
  apply: 'build',
  enforce: 'pre',
  async load(id) {
    const file = id.split('?')[0]!;
    if (!JSON_SCHEMA_MODULES.test(file)) return null;
    const names = Object.keys((await import(pathToFileURL(file).href)) as object);
    const factories = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);
    return [
      'const unavailable = () => {',
      `  throw new Error("zod's JSON Schema is not in the web build (apps/web/vite-zod-without-json-schema.ts)");`,
      '};',
      ...names.map((name) =>
        factories.has(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`,
      ),
    ].join('\n');
  },
});
