// The server's test files that can open a database: those whose imports, followed through every
// relative file, reach the database layer (platform/db/open.ts, PGlite or pg). The PostgreSQL run
// takes only these: a file that cannot reach a database runs the same on either, and the embedded
// run has already run it. Erring is safe one way only, so any import that reaches the layer counts,
// even a type's.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const databaseLayer = path.join(server, 'src/platform/db/open.ts');
const databasePackages = new Set(['@electric-sql/pglite', 'pg']);

const filesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });

const importsOf = (file) =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);

const resolve = (from, specifier) => {
  const target = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '.ts');
  if (existsSync(target)) return target;
  return existsSync(path.join(target, 'index.ts')) ? path.join(target, 'index.ts') : undefined;
};

const reaches = new Map();
const reachesDatabase = (file) => {
  if (reaches.has(file)) return reaches.get(file);
  reaches.set(file, false); // a cycle adds nothing the first visit does not find
  const found =
    file === databaseLayer ||
    importsOf(file).some((specifier) =>
      specifier.startsWith('.')
        ? (() => {
            const target = resolve(file, specifier);
            return target !== undefined && reachesDatabase(target);
          })()
        : databasePackages.has(specifier),
    );
  reaches.set(file, found);
  return found;
};

export const databaseTestFiles = () =>
  filesUnder(server)
    .filter((file) => file.endsWith('.test.ts') && reachesDatabase(file))
    .map((file) => path.relative(root, file))
    .sort();

// `node scripts/database-tests.mjs` lists them; with `--run`, vitest runs them (what `npm run test:pg` does).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = databaseTestFiles();
  if (!process.argv.includes('--run')) console.log(files.join('\n'));
  else {
    const run = spawnSync('npx', ['vitest', 'run', ...files], { cwd: root, stdio: 'inherit' });
    process.exit(run.status ?? 1);
  }
}
