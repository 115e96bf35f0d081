import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** Where the server finds, per page path, the chunks to announce in that page's HTML. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for the pages a visit most often starts on, the code-split chunks each one loads first
 * beyond the entry's (its layout, its page and their static imports). The server adds them to that
 * page's HTML as modulepreload links (apps/server/src/platform/http/web-pages.ts), so the browser
 * fetches them beside the entry instead of after it has run and the router has asked for them.
 * Keys are page paths; values are the modules (from the app's root) whose chunks to list.
 */
export const routePreloads = (routes: Record<string, string[]>): Plugin => ({
  name: 'route-preloads',
  apply: 'build',
  generateBundle(_options, bundle: Rolldown.OutputBundle) {
    const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const closure = (file: string, into = new Set<string>()) => {
      if (into.has(file)) return into;
      into.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      return into;
    };
    // The page's entry (index.html's script); the build's other input is never loaded (app/start/pieces.ts).
    const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === path.resolve('index.html'));
    if (!entry) return;
    const loaded = closure(entry.fileName);
    const chunkOf = (module: string) => {
      const wanted = path.resolve(module);
      const chunk = chunks.find((c) => c.facadeModuleId === wanted);
      if (!chunk) this.error(`route-preloads: ${module} is not a chunk of its own (is it imported lazily?)`);
      return chunk.fileName;
    };
    const preloads = Object.fromEntries(
      Object.entries(routes).map(([route, modules]) => {
        const files = new Set<string>();
        for (const module of modules) closure(chunkOf(module), files);
        return [route, [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`)];
      }),
    );
    this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) });
  },
});
