import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });

/**
 * Each file's relative imports among the given files: static imports, `import type`, `export ... from`
 * and `import()` (TypeScript's own scan, which skips comments and strings). NodeNext has us write
 * `./x.js` for `./x.ts`.
 */
const importGraph = (files: Map<string, string>) =>
  new Map(
    [...files].map(([file, text]) => [
      file,
      ts
        .preProcessFile(text, true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts'))
        .filter((target) => files.has(target)),
    ]),
  );

/** One cycle per import that leads back to a file still being walked (depth first), as a path back to itself. */
const findCycles = (graph: Map<string, string[]>) => {
  const walking: string[] = [];
  const done = new Set<string>();
  const cycles: string[][] = [];
  const walk = (file: string) => {
    walking.push(file);
    for (const target of graph.get(file) ?? []) {
      const at = walking.indexOf(target);
      if (at >= 0) cycles.push([...walking.slice(at), target]);
      else if (!done.has(target)) walk(target);
    }
    walking.pop();
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) walk(file);
  return cycles;
};

const cyclesIn = (files: Map<string, string>) =>
  findCycles(importGraph(files)).map((cycle) => cycle.map((file) => path.relative(src, file)).join(' -> '));

describe('the server imports', () => {
  // A circle makes one of its modules run before those it imports are set up, depending on which is
  // imported first; it also means none of them can be understood or moved alone.
  it('form no cycle under src/', () => {
    const files = new Map(sourceFiles(src).map((file) => [file, readFileSync(file, 'utf8')]));
    expect(files.size).toBeGreaterThan(100);
    expect(cyclesIn(files)).toEqual([]);
  });

  it('are followed through `import type`, `export ... from` and `import()`, and not through comments', () => {
    const at = (name: string) => path.join(src, name);
    const files = new Map([
      [at('a.ts'), "import type { B } from './b.js';\n// from './d.js'"],
      [at('b.ts'), "export { c } from './c.js';"],
      [at('c.ts'), "export const c = () => import('./a.js');"],
      [at('d.ts'), "import { a } from './a.js';"],
    ]);
    expect(cyclesIn(files)).toEqual(['a.ts -> b.ts -> c.ts -> a.ts']);
  });
});
