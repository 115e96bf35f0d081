import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const VIRTUAL = '\0react-esm';
const require = createRequire(import.meta.url);

/** React's exports, in production and development (a name one build lacks is `undefined` there). */
const reactExports = () => {
  const dir = path.dirname(require.resolve('react/package.json'));
  const names = new Set<string>();
  for (const build of ['react.production.js', 'react.development.js'])
    for (const name of Object.keys(require(path.join(dir, 'cjs', build)) as object)) names.add(name);
  return [...names].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
};

/**
 * React as one ES module in the web build. React ships CommonJS only, and the bundler gives each
 * module that imports it a copy of its exports, each export a getter (`__toESM`): about 75 copies of
 * 46 getters made while the first page's modules load (the copying was the largest self time of the
 * entry's evaluation at a phone's speed), and a getter call on every hook call of every render. Here
 * every ES import of `react` resolves to one module that reads React once and exports each name as a
 * plain binding; a `require('react')` (react-dom's) is left as it is. The dev server pre-bundles
 * React its own way and is not touched.
 */
export const reactAsEsm = (): Plugin => ({
  name: 'react-as-esm',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (source !== 'react' || importer === VIRTUAL) return null;
    if ((options as { kind?: string }).kind === 'require-call') return null;
    return VIRTUAL;
  },
  load(id) {
    if (id !== VIRTUAL) return null;
    return [
      "import React from 'react';",
      'export default React;',
      ...reactExports().map((name) => `export const ${name} = React.${name};`),
    ].join('\n');
  },
});
