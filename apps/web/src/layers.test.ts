import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

/**
 * The web's folders, top to bottom. A file imports its own layer or one below, never one above:
 * the router and shell (app/) put the features together, and the features stand on the shared
 * pieces, so a feature or a shared piece can be read, tested and moved without the app around it.
 * The files at src/'s root (main.tsx) start the app: they are above everything.
 */
const layers: string[][] = [['app'], ['features'], ['session', 'access', 'brand', 'nav', 'ui', 'api', 'lib']];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** A file's top folder under src/ ('' for the root's files). */
const folderOf = (file: string) => {
  const parts = path.relative(src, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : '';
};

const nameOf = (folder: string) => (folder === '' ? "src/'s root" : `${folder}/`);

const levelOf = (folder: string) => (folder === '' ? -1 : layers.findIndex((layer) => layer.includes(folder)));

/**
 * Every import that runs up a layer, and every folder in no layer, in words. Imports are TypeScript's
 * own scan (static, `import type`, `export ... from`, `import()`; not comments), resolved from the
 * importing file.
 */
const problemsIn = (files: Map<string, string>) => {
  const problems: string[] = [];
  const unplaced = new Set([...files.keys()].map(folderOf).filter((folder) => levelOf(folder) < 0 && folder !== ''));
  for (const folder of unplaced) problems.push(`src/${folder}/ is in no layer: add it to \`layers\` in layers.test.ts`);
  for (const [file, text] of files) {
    const from = folderOf(file);
    if (unplaced.has(from)) continue;
    for (const { fileName: specifier } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(path.resolve(path.dirname(file), specifier));
      if (levelOf(to) < levelOf(from)) {
        problems.push(`${path.relative(src, file)} imports ${specifier}: ${nameOf(to)} is above ${nameOf(from)}`);
      }
    }
  }
  return problems;
};

describe('the web layers', () => {
  it('are kept: no feature imports app/, no shared folder imports features/ or app/', () => {
    const files = new Map(sourceFiles(src).map((file) => [file, readFileSync(file, 'utf8')]));
    expect(files.size).toBeGreaterThan(100);
    expect(problemsIn(files)).toEqual([]);
  });

  it('name each import that runs up a layer, and each folder in no layer', () => {
    const at = (name: string) => path.join(src, name);
    const files = new Map([
      [at('features/a/Page.tsx'), "import type { Area } from '../../app/router';\n// from '../../app/shell'"],
      [at('ui/Table.tsx'), "export { Page } from '../features/a/Page';"],
      [at('session/session.ts'), "const shell = () => import('../app/shell/AppShell');"],
      [at('app/router.tsx'), "import { Page } from '../features/a/Page';\nimport { api } from '../api/client';"],
      [at('main.tsx'), "import { App } from './app/App';"],
      [at('widgets/Clock.tsx'), "import { App } from '../app/App';"],
    ]);
    expect(problemsIn(files)).toEqual([
      'src/widgets/ is in no layer: add it to `layers` in layers.test.ts',
      'features/a/Page.tsx imports ../../app/router: app/ is above features/',
      'ui/Table.tsx imports ../features/a/Page: features/ is above ui/',
      'session/session.ts imports ../app/shell/AppShell: app/ is above session/',
    ]);
  });
});
