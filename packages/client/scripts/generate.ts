// Writes the client's generated files from the server's OpenAPI document: `openapi.json` (the
// document itself, for partners and for `redocly lint`) and `src/schema.ts` (its types, by
// openapi-typescript). `npm run generate -w @pc/client` after a route or contract change;
// apps/server/test/openapi-document.test.ts fails while the committed files are behind the server.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const prettierOptions = async (filepath: string) => ({
  ...(await prettier.resolveConfig(path.join(root, filepath))),
  filepath,
});

/** `src/schema.ts`: the document's types, as openapi-typescript writes them and Prettier formats them. */
export const generatedTypes = async (document: unknown) => {
  const types = astToString(await openapiTS(document as OpenAPI3, { alphabetize: true, defaultNonNullable: false }));
  return prettier.format(`/* eslint-disable */\n${COMMENT_HEADER}${types}`, await prettierOptions('src/schema.ts'));
};

/** The committed files, by path under packages/client, as they follow from the document. */
export const generatedFiles = async (document: unknown): Promise<Record<string, string>> => ({
  'openapi.json': await prettier.format(JSON.stringify(document), await prettierOptions('openapi.json')),
  'src/schema.ts': await generatedTypes(document),
});

/** The server's document without a database: the app is built on an empty in-memory one, never queried. */
const serverDocument = async () => {
  const { PGlite } = await import('@electric-sql/pglite');
  const { buildApp } = await import('../../../apps/server/src/app.js');
  const { readEnv } = await import('../../../apps/server/src/env.js');
  const { fromPglite, pgliteOptions } = await import('../../../apps/server/src/platform/db/open.js');
  const { createTokenService } = await import('../../../apps/server/src/platform/auth/tokens.js');
  const database = fromPglite(await PGlite.create(pgliteOptions));
  const env = readEnv({ ...process.env, DATA_DIR: path.join(os.tmpdir(), 'pc-client-generate') });
  const app = await buildApp({
    db: database.db,
    env,
    tokens: createTokenService('document-only-document-only-document-only'),
    mail: { send: async () => {} } as never,
    now: () => new Date(),
  });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();
  return document;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generatedFiles(await serverDocument());
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  console.log(`Wrote ${Object.keys(files).join(', ')} under packages/client.`);
}
