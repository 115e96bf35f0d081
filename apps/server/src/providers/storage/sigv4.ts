import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4, as S3-compatible stores check it (written with node:crypto). */
export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** RFC 3986 encoding, as SigV4 wants it. */
export const uriEncode = (s: string, keepSlash = false) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export const amzDateOf = (now: Date) => now.toISOString().replace(/[:-]|\.\d{3}/g, '');

export const signingKey = (c: S3Credentials, date: string) =>
  hmac(hmac(hmac(hmac(`AWS4${c.secretAccessKey}`, date), c.region), 's3'), 'aws4_request');

export const scopeOf = (c: S3Credentials, date: string) => `${date}/${c.region}/s3/aws4_request`;

const canonicalQuery = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(query[k]!)}`)
    .join('&');

/** The signature of one request from its parts. */
export const signRequest = (
  c: S3Credentials,
  r: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    payloadHash: string;
    amzDate: string;
  },
) => {
  const names = Object.keys(r.headers)
    .map((h) => h.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const signedHeaders = names.join(';');
  const canonical = [
    r.method,
    r.path,
    canonicalQuery(r.query),
    names.map((n) => `${n}:${lower[n]}\n`).join(''),
    signedHeaders,
    r.payloadHash,
  ].join('\n');
  const date = r.amzDate.slice(0, 8);
  const toSign = ['AWS4-HMAC-SHA256', r.amzDate, scopeOf(c, date), sha256Hex(canonical)].join('\n');
  return { signature: createHmac('sha256', signingKey(c, date)).update(toSign).digest('hex'), signedHeaders };
};

/** A presigned POST policy: the browser posts the fields and the file, the store checks the policy's signature. */
export const presignPost = (
  c: S3Credentials,
  opts: {
    url: string;
    bucket: string;
    key: string;
    contentType: string;
    maxBytes: number;
    expiresSeconds: number;
    now: Date;
  },
) => {
  const amzDate = amzDateOf(opts.now);
  const credential = `${c.accessKeyId}/${scopeOf(c, amzDate.slice(0, 8))}`;
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(opts.now.getTime() + opts.expiresSeconds * 1000).toISOString(),
      conditions: [
        { bucket: opts.bucket },
        { key: opts.key },
        { 'Content-Type': opts.contentType },
        ['content-length-range', 0, opts.maxBytes],
        { 'x-amz-algorithm': 'AWS4-HMAC-SHA256' },
        { 'x-amz-credential': credential },
        { 'x-amz-date': amzDate },
      ],
    }),
  ).toString('base64');
  const signature = createHmac('sha256', signingKey(c, amzDate.slice(0, 8)))
    .update(policy)
    .digest('hex');
  return {
    url: opts.url,
    fields: {
      key: opts.key,
      'Content-Type': opts.contentType,
      'x-amz-algorithm': 'AWS4-HMAC-SHA256',
      'x-amz-credential': credential,
      'x-amz-date': amzDate,
      policy,
      'x-amz-signature': signature,
    },
  };
};
