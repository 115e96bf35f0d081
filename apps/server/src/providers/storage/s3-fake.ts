import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of the S3 API for tests (path-style, one bucket), checking signatures and policies the
 * way S3 does with code of its own, not the SDK's: SigV4 in the Authorization header (PutObject,
 * GetObject), in the query (presigned GET), and the browser's presigned POST form with its policy
 * (expiration, bucket, key, Content-Type, content-length-range). Errors are S3's XML bodies.
 */
export type FakeS3 = { endpoint: string; objects: Map<string, Buffer>; close: () => Promise<void> };

const hmac = (k: Buffer | string, d: string) => createHmac('sha256', k).update(d).digest();
const sha256 = (d: string | Buffer) => createHash('sha256').update(d).digest('hex');
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const s3Error = (status: number, code: string, message: string) => ({
  status,
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

export const startFakeS3 = async (o: {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<FakeS3> => {
  const objects = new Map<string, Buffer>();
  const signingKey = (date: string) =>
    hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, date), o.region), 's3'), 'aws4_request');
  const credentialOk = (credential: string) => {
    const [id, date, region, service, term] = credential.split('/');
    return id === o.accessKeyId && region === o.region && service === 's3' && term === 'aws4_request' && date;
  };

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
    const names = req.signedHeaders.split(';');
    const headerLines = names.map(
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

  /** The signature of a PUT or GET, from its Authorization header or its presigned query. */
  const signedOk = (method: string, url: URL, headers: IncomingHttpHeaders, body: Buffer) => {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=(\w+)$/.exec(
      headers.authorization ?? '',
    );
    if (auth) {
      const payloadHash = String(headers['x-amz-content-sha256'] ?? '');
      if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
      const amzDate = String(headers['x-amz-date'] ?? '');
      const expected = signatureOf({
        method,
        path: url.pathname,
        query: url.searchParams,
        headers,
        signedHeaders: auth[2]!,
        payloadHash,
        amzDate,
      });
      return credentialOk(auth[1]!) && expected === auth[3];
    }
    const q = url.searchParams;
    const amzDate = q.get('X-Amz-Date') ?? '';
    const issued = Date.parse(amzDate.replace(/(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(issued + Number(q.get('X-Amz-Expires')) * 1000 > Date.now())) return false;
    const expected = signatureOf({
      method,
      path: url.pathname,
      query: q,
      headers,
      signedHeaders: q.get('X-Amz-SignedHeaders') ?? '',
      payloadHash: 'UNSIGNED-PAYLOAD',
      amzDate,
    });
    return credentialOk(q.get('X-Amz-Credential') ?? '') && expected === q.get('X-Amz-Signature');
  };

  /** The browser's form post: the policy's signature, expiration and every condition, as S3 enforces them. */
  const formPost = async (headers: IncomingHttpHeaders, body: Buffer) => {
    const form = await new Request('http://s3.local/', {
      method: 'POST',
      headers: { 'content-type': String(headers['content-type']) },
      body: new Uint8Array(body),
    }).formData();
    const field = (name: string) => {
      const found = [...form.entries()].find(([k]) => k.toLowerCase() === name.toLowerCase());
      return typeof found?.[1] === 'string' ? found[1] : '';
    };
    const file = form.get('file');
    if (!(file instanceof Blob)) return s3Error(400, 'InvalidArgument', 'POST requires exactly one file upload');
    const policyB64 = field('Policy');
    const credential = field('X-Amz-Credential');
    const signature = createHmac('sha256', signingKey(credential.split('/')[1] ?? ''))
      .update(policyB64)
      .digest('hex');
    if (!credentialOk(credential) || signature !== field('X-Amz-Signature')) {
      return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
    }
    const policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, string | number, string | number])[];
    };
    if (Date.parse(policy.expiration) <= Date.now())
      return s3Error(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    for (const c of policy.conditions) {
      if (Array.isArray(c) && c[0] === 'content-length-range') {
        if (file.size > Number(c[2]))
          return s3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (file.size < Number(c[1]))
          return s3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const [name, value] = Array.isArray(c) ? [String(c[1]).replace(/^\$/, ''), c[2]] : Object.entries(c)[0]!;
      const actual = name === 'bucket' ? o.bucket : field(name);
      if (actual !== String(value))
        return s3Error(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${name}`);
    }
    objects.set(`/${o.bucket}/${field('key').split('/').map(enc).join('/')}`, Buffer.from(await file.arrayBuffer()));
    return { status: 204, body: '' };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url!, 'http://s3.local');
      const answer = async () => {
        if (req.method === 'POST' && url.pathname === `/${o.bucket}`) return formPost(req.headers, body);
        if (req.method !== 'PUT' && req.method !== 'GET') return s3Error(405, 'MethodNotAllowed', 'Not allowed');
        if (!signedOk(req.method, url, req.headers, body)) {
          return s3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match');
        }
        if (req.method === 'PUT') {
          objects.set(url.pathname, body);
          return { status: 200, body: '' };
        }
        const found = objects.get(url.pathname);
        return found ? { status: 200, body: found } : s3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      };
      void answer().then(
        (a) => res.writeHead(a.status, { 'content-type': 'application/xml' }).end(a.body),
        () => res.writeHead(400).end(s3Error(400, 'MalformedPOSTRequest', 'Malformed').body),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
