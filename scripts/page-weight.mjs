// What a browser fetches to open one of the console's pages, counted from the build as it goes over the
// wire: the scripts, CSS and fonts of the page's HTML as the server sends it for that path, the chunks
// they import, and the chunks the page's code imports lazily at once. Used by scripts/bundle-size.mjs
// and checked against Chromium by e2e/specs/bundle-size.spec.ts.
import fs from 'node:fs';
import path from 'node:path';

/** Written by the web build (apps/web/vite-route-preloads.ts), read by the server to preload a page's chunks. */
const ROUTE_PRELOADS = '.vite/route-preloads.json';
const MANIFEST = '.vite/manifest.json';
const FONT = /\.(woff2?|ttf|otf|eot)$/;

const readJson = (dist, file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${file} of the build in ${dist} (run npm run build first): ${error.message}`, {
      cause: error,
    });
  }
};

/**
 * The variant of a built file the server sends Chromium (`Accept-Encoding: gzip, deflate, br, zstd`):
 * @fastify/static's preCompressed takes the .br beside the file, else the .gz, else the file itself
 * (apps/web/vite-precompress.ts leaves out a variant that would not be smaller, and files under 1 KB).
 */
const asSent = (dist, file) => {
  for (const [suffix, encoding] of [
    ['.br', 'br'],
    ['.gz', 'gzip'],
    ['', 'identity'],
  ]) {
    const stat = fs.statSync(path.join(dist, file + suffix), { throwIfNoEntry: false });
    if (stat) return { file, encoding, bytes: stat.size };
  }
  throw new Error(`${file} is missing from the build in ${dist}`);
};

/**
 * The page's HTML as apps/server/src/platform/http/web-pages.ts sends it: index.html with a
 * modulepreload link for each chunk the build lists for that path. Answers the paths it fetches.
 */
const htmlFiles = (dist, pagePath) => {
  const preloads = readJson(dist, ROUTE_PRELOADS)[pagePath];
  if (!Array.isArray(preloads)) throw new Error(`The build lists no preloads for ${pagePath} in ${ROUTE_PRELOADS}`);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const fetched = tags.flatMap((tag) => {
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const isFetched = tag.startsWith('<script') || rel === 'modulepreload' || rel === 'stylesheet';
    return src && isFetched ? [src] : [];
  });
  return [...fetched, ...preloads].map((src) => src.replace(/^\//, ''));
};

/**
 * Counts one page. `page.path` picks its HTML; `page.lazy` names (as the manifest does, by file name
 * without the folder) the chunks its code imports lazily at once on that screen beyond its route's
 * preloads; `atStart` the ones every page imports lazily on starting. Answers each file as sent
 * (largest first) and the total in bytes.
 */
export const weighPage = (dist, page, atStart) => {
  const manifest = readJson(dist, MANIFEST);
  const chunks = Object.values(manifest);
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const chunkNamed = (name) => {
    const files = new Set(chunks.filter((chunk) => chunk.name === name).map((chunk) => chunk.file));
    if (files.size !== 1) throw new Error(`The build has ${files.size} chunks named ${name}, not one`);
    return [...files][0];
  };

  const files = new Set();
  // A chunk brings its static imports, its CSS and the fonts that CSS names (none today; one that no
  // text uses would not be fetched, and the browser check would say so).
  const add = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = byFile.get(file);
    if (!chunk) return;
    for (const key of chunk.imports ?? []) {
      if (!manifest[key]) throw new Error(`${file} imports ${key}, which the manifest does not list`);
      add(manifest[key].file);
    }
    for (const css of chunk.css ?? []) add(css);
    for (const asset of chunk.assets ?? []) if (FONT.test(asset)) add(asset);
  };
  for (const file of htmlFiles(dist, page.path)) add(file);
  for (const name of [...atStart, ...page.lazy]) add(chunkNamed(name));

  const sent = [...files].map((file) => asSent(dist, file)).sort((a, b) => b.bytes - a.bytes);
  return { files: sent, bytes: sent.reduce((sum, f) => sum + f.bytes, 0) };
};
