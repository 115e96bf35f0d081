import http from 'node:http';
import https from 'node:https';
import { isNonPublicAddress } from '@pc/contract';
import { literalAddressOf, publicOnlyLookup } from '../webhooks/delivery/guard.js';

/**
 * A sample given as a public URL (rule 9 allows any) is fetched once to be uploaded to Meta:
 * a GET on a connection of its own to public addresses only (the webhooks' check of every address
 * the name resolves to), no redirect, at most `maxBytes`, within `timeoutMs`. Answers the bytes and
 * the type the server said, or null with nothing uploaded.
 */
export const downloadSample = (
  url: string,
  o: { maxBytes: number; timeoutMs: number; allowPrivate: boolean },
): Promise<{ bytes: Buffer; contentType: string } | null> => {
  const target = new URL(url);
  const literal = literalAddressOf(target);
  if (!o.allowPrivate && literal !== null && isNonPublicAddress(literal)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: { bytes: Buffer; contentType: string } | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'GET',
      agent: false,
      ...(o.allowPrivate ? {} : { lookup: publicOnlyLookup() }),
    });
    const timer = setTimeout(() => settle(null), o.timeoutMs);
    request.on('error', () => settle(null));
    request.on('response', (response) => {
      if (response.statusCode !== 200) return settle(null);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > o.maxBytes) return settle(null);
        chunks.push(chunk);
      });
      response.on('end', () =>
        settle({ bytes: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? '') }),
      );
      response.on('error', () => settle(null));
    });
    request.end();
  });
};
