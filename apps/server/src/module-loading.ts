import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A package's name or a path in one (`drizzle-orm`, `@pc/contract`, `pg/lib/x`), not a file or a URL. */
const byName = (specifier: string) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.includes(':');

/** A file of a package imported by its path from one beside it (`./sql/sql.js`): what ES modules in packages do. */
const besideInPackage = (specifier: string, parent: string | undefined, conditions: readonly string[]) =>
  parent?.startsWith('file:') === true &&
  parent.includes('/node_modules/') &&
  (specifier.startsWith('./') || specifier.startsWith('../')) &&
  /\.m?js$/.test(specifier) &&
  conditions.includes('import');

const directoryOf = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/**
 * How the server's modules load, set up before they do (main.ts): a start loads some 1,400 modules
 * (the server's, the contract's, their libraries'), most of the time it takes to answer.
 *
 * - V8's compiled code of each module is kept on disk (Node's compile cache, in the system's
 *   temporary directory; NODE_COMPILE_CACHE names another, NODE_DISABLE_COMPILE_CACHE=1 turns it
 *   off): a later start reads it instead of compiling, and a changed file is compiled again.
 * - Node finds a module's format (ES module or CommonJS) from its package's package.json, and reads
 *   that package.json's exports map again to do so (it copies the file's fields, and the exports
 *   map is parsed as it is copied): drizzle-orm's is 180 KB, for each of its hundred files, and for
 *   each of the 180 server files that import it by name. So a package imported by name from the
 *   server's own files (under the directory of main.js, where no `node_modules` lies between them
 *   and the packages) is resolved once; and a package's ES module importing a file of its own by its
 *   path gets that file's format from the first file resolved in the same directory (one directory,
 *   one package.json, one format), the rest resolved as Node does: the path against the importer's.
 */
export const prepareModuleLoading = (entryUrl: string) => {
  module.enableCompileCache?.();
  const root = pathToFileURL(path.dirname(fileURLToPath(entryUrl)) + path.sep).href;
  const byNameFromServer = new Map<string, module.ResolveFnOutput>();
  const formatOfDirectory = new Map<string, string | null | undefined>();
  module.registerHooks?.({
    resolve: (specifier, context, next) => {
      const parent = context.parentURL;
      if (besideInPackage(specifier, parent, context.conditions)) {
        const url = new URL(specifier, parent).href;
        const format = formatOfDirectory.get(`${directoryOf(url)} ${path.extname(url)}`);
        if (format) return { url, format, shortCircuit: true };
        const found = next(specifier, context);
        formatOfDirectory.set(`${directoryOf(found.url)} ${path.extname(found.url)}`, found.format);
        return found;
      }
      if (!parent?.startsWith(root) || parent.includes('/node_modules/') || !byName(specifier))
        return next(specifier, context);
      const key = `${specifier} ${context.conditions.join(',')}`;
      const known = byNameFromServer.get(key);
      if (known) return { ...known, shortCircuit: true };
      const found = next(specifier, context);
      byNameFromServer.set(key, found);
      return found;
    },
  });
};
