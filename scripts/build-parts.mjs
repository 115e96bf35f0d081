// The production build's parts, each with the sources it is made from, and how to tell whether it is
// missing or older than them: used by `npm run build` (every part) and `npm start` (the stale ones).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => path.join(root, p);
const tsc = at('node_modules/typescript/bin/tsc');

const serverDist = 'apps/server/dist';
// The compiled server finds its compiled contract here: Node looks for `@pc/contract` in the
// node_modules folders above the importing file, nearest first, so dist/ wins over the workspace link
// (which serves the TypeScript source to tsx, vitest, vite and tsc, untouched by any build).
const contractInServer = `${serverDist}/node_modules/@pc/contract`;

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
};

/**
 * `output` is written last, with the build's start time, so an interrupted build, or a source saved
 * while it ran, leaves the part stale. The server's part is emitted without a second type-check
 * (`--noCheck`; `isolatedModules` makes the emit independent of types): `npm run typecheck` checks,
 * and CI runs it before building.
 */
export const parts = [
  {
    name: 'server',
    output: `${serverDist}/.built`,
    sources: [
      'apps/server/src',
      'apps/server/tsconfig.build.json',
      'packages/contract/src',
      'packages/contract/tsconfig.build.json',
      'tsconfig.base.json',
    ],
    build: () => {
      // From clean, so a module renamed or deleted since the last build does not linger in dist/.
      rmSync(at(serverDist), { recursive: true, force: true });
      run(process.execPath, [tsc, '-p', 'apps/server/tsconfig.build.json', '--noCheck']);
      run(process.execPath, [
        tsc,
        '-p',
        'packages/contract/tsconfig.build.json',
        '--noCheck',
        '--outDir',
        contractInServer,
      ]);
      writeFileSync(
        at(`${contractInServer}/package.json`),
        `${JSON.stringify({ name: '@pc/contract', private: true, type: 'module', exports: './index.js' }, null, 2)}\n`,
      );
    },
  },
  {
    name: 'web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    build: () => run('npm', ['run', 'build', '-w', 'apps/web']),
  },
];

const isTest = (name) => /\.test\.tsx?$/.test(name);
const newest = (p) => {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return isTest(p) ? 0 : s.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
};

export const isStale = (part) =>
  !existsSync(at(part.output)) ||
  Math.max(...part.sources.map((s) => newest(at(s)))) > statSync(at(part.output)).mtimeMs;

// One build at a time in a tree (two `npm start`s, or an e2e run beside one): the second waits,
// then finds the part fresh. A lock left by a killed build is taken over after ten minutes.
const lockDir = at('node_modules/.cache/pc-build.lock');
const withBuildLock = async (fn) => {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000)
        rmSync(lockDir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
};

/** Builds the parts (all of them, or only the missing or stale ones); answers the names built. */
export const buildParts = ({ onlyStale }) =>
  withBuildLock(() => {
    const built = [];
    for (const part of parts) {
      if (onlyStale && !isStale(part)) continue;
      const started = Date.now();
      const startedAt = new Date();
      console.log(`Building the ${part.name}...`);
      part.build();
      mkdirSync(path.dirname(at(part.output)), { recursive: true });
      if (!existsSync(at(part.output))) writeFileSync(at(part.output), '');
      utimesSync(at(part.output), startedAt, startedAt);
      console.log(`Built the ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      built.push(part.name);
    }
    return built;
  });
