import type { StorageProvider } from './storage.js';
import { amzDateOf, presignPost, scopeOf, sha256Hex, signRequest, uriEncode, type S3Credentials } from './sigv4.js';

export type S3Options = S3Credentials & { endpoint: string; bucket: string; now?: () => Date };

/** An S3-compatible bucket, addressed path-style (endpoint/bucket/key), signed with SigV4. */
export const createS3Storage = (
  o: S3Options,
): StorageProvider & { presignGet: (key: string, expiresSeconds: number) => string } => {
  const endpoint = new URL(o.endpoint);
  const base = o.endpoint.replace(/\/$/, '');
  const now = o.now ?? (() => new Date());
  const objectPath = (key: string) =>
    `${endpoint.pathname.replace(/\/$/, '')}/${uriEncode(o.bucket)}/${uriEncode(key, true)}`;

  const presignGet = (key: string, expiresSeconds: number) => {
    const amzDate = amzDateOf(now());
    const query = {
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': `${o.accessKeyId}/${scopeOf(o, amzDate.slice(0, 8))}`,
      'X-Amz-Date': amzDate,
      'X-Amz-Expires': String(expiresSeconds),
      'X-Amz-SignedHeaders': 'host',
    };
    const { signature } = signRequest(o, {
      method: 'GET',
      path: objectPath(key),
      query,
      headers: { host: endpoint.host },
      payloadHash: 'UNSIGNED-PAYLOAD',
      amzDate,
    });
    const qs = new URLSearchParams({ ...query, 'X-Amz-Signature': signature });
    return `${endpoint.origin}${objectPath(key)}?${qs.toString()}`;
  };

  return {
    kind: 's3',
    put: async (key, bytes, contentType) => {
      const amzDate = amzDateOf(now());
      const payloadHash = sha256Hex(bytes);
      const headers = {
        host: endpoint.host,
        'content-type': contentType,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': amzDate,
      };
      const { signature, signedHeaders } = signRequest(o, {
        method: 'PUT',
        path: objectPath(key),
        query: {},
        headers,
        payloadHash,
        amzDate,
      });
      const authorization = `AWS4-HMAC-SHA256 Credential=${o.accessKeyId}/${scopeOf(o, amzDate.slice(0, 8))}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
      const { host: _host, ...sent } = headers;
      const res = await fetch(`${endpoint.origin}${objectPath(key)}`, {
        method: 'PUT',
        headers: { ...sent, authorization },
        body: new Uint8Array(bytes),
      });
      if (!res.ok) throw new Error(`S3 PUT failed: ${res.status}`);
    },
    get: async (key) => {
      const res = await fetch(presignGet(key, 60));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },
    createUploadPost: (key, { contentType, maxBytes, expiresSeconds }) =>
      presignPost(o, {
        url: `${base}/${o.bucket}`,
        bucket: o.bucket,
        key,
        contentType,
        maxBytes,
        expiresSeconds,
        now: now(),
      }),
    presignGet,
  };
};
