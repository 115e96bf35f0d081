import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of the S3 API for tests (one bucket, path-style or virtual-host by the Host header),
 * checking requests the way S3 does with code of its own, not the SDK's: SigV4 in the Authorization
 * header (PutObject, GetObject) or in the query (presigned GET), the session token of temporary keys,
 * and the browser's presigned POST form with its policy (signature, expiration, every field covered
 * by a condition, content-length-range). Errors are S3's XML bodies with S3's codes.
 */
export type FakeS3 = {
  endpoint: string;
  /** Stored objects by key. */
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Every object request that reached the store, in order. */
  requests: { method: string; key: string }[];
  /** The next n object requests get no answer at all: a stalled store. */
  stall: (n: number) => void;
  /** The next n object requests answer 503 SlowDown: a store shedding load. */
  slowDown: (n: number) => void;
  close: () => Promise<void>;
};

type Answer = { status: number; body: string | Buffer; contentType?: string };

const hmac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
const sha256 = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const s3Error = (status: number, code: string, message: string, extra = ''): Answer => ({
  status,
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message>${extra}</Error>`,
});
const badSignature = () =>
  s3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
  );
const badToken = () => s3Error(403, 'InvalidToken', 'The provided token is malformed or otherwise invalid.');

export const startFakeS3 = async (o: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary keys: every request must carry this token (header, query or form field). */
  sessionToken?: string;
}): Promise<FakeS3> => {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const trouble = { stall: 0, slowDown: 0 };
  const signingKey = (date: string) =>
    hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, date), o.region), 's3'), 'aws4_request');
  const credentialOk = (credential: string) => {
    const [id, date, region, service, term] = credential.split('/');
    return id === o.accessKeyId && region === o.region && service === 's3' && term === 'aws4_request' && !!date;
  };
  const tokenOk = (token: string | undefined) => (token || undefined) === o.sessionToken;

  const signatureOf = (req: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: IncomingHttpHeaders;
    signedHeaders: string;
    payloadHash: string;
    amzDate: string;
  }) => {
    const query = [...req.query.entries()]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .sort()
      .join('&');
    const headerLines = req.signedHeaders.split(';').map(
      (n) =>
        `${n}:${String(req.headers[n] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    );
    const canonical = [req.method, req.path, query, headerLines.join(''), req.signedHeaders, req.payloadHash];
    const date = req.amzDate.slice(0, 8);
    const scope = `${date}/${o.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', req.amzDate, scope, sha256(canonical.join('\n'))].join('\n');
    return createHmac('sha256', signingKey(date)).update(toSign).digest('hex');
  };

  /** A PUT or GET signed in its Authorization header or its presigned query; null when S3 would take it. */
  const refusal = (method: string, url: URL, headers: IncomingHttpHeaders, body: Buffer): Answer | null => {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=(\w+)$/.exec(
      headers.authorization ?? '',
    );
    if (auth) {
      const signedHeaders = auth[2]!;
      const payloadHash = String(headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) {
        return s3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match.');
      }
      const token = headers['x-amz-security-token'];
      if (!tokenOk(token === undefined ? undefined : String(token))) return badToken();
      if (token !== undefined && !signedHeaders.split(';').includes('x-amz-security-token')) return badSignature();
      const amzDate = String(headers['x-amz-date'] ?? '');
      const expected = signatureOf({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers,
        signedHeaders,
        payloadHash,
        amzDate,
      });
      return credentialOk(auth[1]!) && expected === auth[3] ? null : badSignature();
    }
    const q = url.searchParams;
    if (!q.get('X-Amz-Signature')) return s3Error(403, 'AccessDenied', 'Access Denied');
    if (!tokenOk(q.get('X-Amz-Security-Token') ?? undefined)) return badToken();
    const amzDate = q.get('X-Amz-Date') ?? '';
    const issued = Date.parse(amzDate.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(issued + Number(q.get('X-Amz-Expires')) * 1000 > Date.now())) {
      return s3Error(403, 'AccessDenied', 'Request has expired');
    }
    const expected = signatureOf({
      method,
      path: url.pathname,
      query: q,
      headers,
      signedHeaders: q.get('X-Amz-SignedHeaders') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      amzDate,
    });
    return credentialOk(q.get('X-Amz-Credential') ?? '') && expected === q.get('X-Amz-Signature')
      ? null
      : badSignature();
  };

  /** The browser's form post: the policy's signature, expiration and every condition, as S3 enforces them. */
  const formPost = async (headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> => {
    const form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': String(headers['content-type']) },
      body: new Uint8Array(body),
    }).formData();
    const fields = new Map<string, string>();
    for (const [k, v] of form.entries()) if (typeof v === 'string') fields.set(k.toLowerCase(), v);
    const field = (name: string) => fields.get(name.toLowerCase()) ?? '';
    const file = form.get('file');
    if (!(file instanceof Blob)) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload');
    const policyB64 = field('Policy');
    const credential = field('X-Amz-Credential');
    const signature = createHmac('sha256', signingKey(credential.split('/')[1] ?? ''))
      .update(policyB64)
      .digest('hex');
    if (!credentialOk(credential) || signature !== field('X-Amz-Signature')) return badSignature();
    if (!tokenOk(fields.get('x-amz-security-token'))) return badToken();
    const policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, string | number, string | number])[];
    };
    if (!(Date.parse(policy.expiration) > Date.now())) {
      return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    }
    const covered = new Set(['x-amz-signature', 'file', 'policy']);
    for (const c of policy.conditions) {
      if (Array.isArray(c) && c[0] === 'content-length-range') {
        const [, min, max] = c;
        if (file.size > Number(max)) {
          const sizes = `<ProposedSize>${file.size}</ProposedSize><MaxSizeAllowed>${max}</MaxSizeAllowed>`;
          return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size', sizes);
        }
        if (file.size < Number(min)) {
          return s3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        }
        continue;
      }
      const [op, name, value] = Array.isArray(c)
        ? [c[0], String(c[1]).replace(/^\$/, '').toLowerCase(), String(c[2])]
        : ['eq', Object.keys(c)[0]!.toLowerCase(), String(Object.values(c)[0])];
      covered.add(name);
      const actual = name === 'bucket' ? o.bucket : field(name);
      if (op === 'starts-with' ? !actual.startsWith(value) : actual !== value) {
        return s3Error(
          403,
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ["${op}", "$${name}"]`,
        );
      }
    }
    const extra = [...fields.keys()].find((k) => !covered.has(k) && !k.startsWith('x-ignore-'));
    if (extra) return s3Error(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${extra}`);
    const key = field('key');
    requests.push({ method: 'POST', key });
    objects.set(key, { body: Buffer.from(await file.arrayBuffer()), contentType: field('Content-Type') });
    return { status: 204, body: '' };
  };

  const answer = async (
    method: string,
    url: URL,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Answer | 'stall'> => {
    // Virtual-host addressing names the bucket in the host; path-style, in the first path segment.
    const virtualHost = (headers.host ?? '').startsWith(`${o.bucket}.`);
    const bucketPath = virtualHost ? '' : `/${o.bucket}`;
    if (!url.pathname.startsWith(`${bucketPath}/`) && url.pathname !== bucketPath) {
      return s3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const key = decodeURIComponent(url.pathname.slice(bucketPath.length + 1));
    if (method === 'POST' && key === '') return formPost(headers, body);
    if (method !== 'PUT' && method !== 'GET') return s3Error(405, 'MethodNotAllowed', 'Not allowed');
    requests.push({ method, key });
    if (trouble.stall > 0) {
      trouble.stall -= 1;
      return 'stall';
    }
    if (trouble.slowDown > 0) {
      trouble.slowDown -= 1;
      return s3Error(503, 'SlowDown', 'Please reduce your request rate.');
    }
    const refused = refusal(method, url, headers, body);
    if (refused) return refused;
    if (method === 'PUT') {
      objects.set(key, { body, contentType: String(headers['content-type'] ?? 'binary/octet-stream') });
      return { status: 200, body: '' };
    }
    const found = objects.get(key);
    return found
      ? { status: 200, body: found.body, contentType: found.contentType }
      : s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  };

  const send = (res: ServerResponse, a: Answer) =>
    res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/xml' }).end(a.body);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://s3.local');
      void answer(req.method!, url, req.headers, Buffer.concat(chunks)).then(
        (a) => a !== 'stall' && send(res, a),
        () => send(res, s3Error(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed.')),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    stall: (n) => void (trouble.stall = n),
    slowDown: (n) => void (trouble.slowDown = n),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
};
