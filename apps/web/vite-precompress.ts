import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this gain nothing worth a second request path. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a .br and a .gz beside every compressible built asset, once, at build time, with the best
 * settings (the server only picks one, @fastify/static's preCompressed: no compression per request).
 * A variant that would not be smaller is not written.
 */
export const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options) {
    const dir = path.join(options.dir ?? 'dist', 'assets');
    if (!fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      if (!COMPRESSIBLE.test(name)) continue;
      const file = path.join(dir, name);
      const body = fs.readFileSync(file);
      if (body.length < MIN_BYTES) continue;
      const br = brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
    }
  },
});
