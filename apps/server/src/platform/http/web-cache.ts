import path from 'node:path';

/** A year, the most a browser keeps anything. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a browser may keep a file of the built console. The build names every asset by its
 * content's hash (`assets/Name-1a2B3c4D.js`), so a file under /assets/ never changes: kept for a
 * year without asking again. Anything else (index.html, the favicon) is asked about each time, so
 * a new release is seen at once.
 */
export const webCacheControl = (filePath: string): string =>
  filePath.split(path.sep).includes('assets') || filePath.split('/').includes('assets') ? IMMUTABLE : 'no-cache';
