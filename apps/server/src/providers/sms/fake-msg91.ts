import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of MSG91's Send SMS API on 127.0.0.1, written from MSG91's documentation:
 * - the request: https://api.msg91.com/apidoc/textsms/send-sms-v1.php (`POST /api/v2/sendsms`, the
 *   `authkey` header, JSON `{ sender, route, country, sms: [{ message, to: [numbers] }] }`), with
 *   India's DLT ids `DLT_TE_ID` and `PE_ID` (https://msg91.com/help/dlt-key-points-for-b2b-platforms);
 * - the answers: `{ message: <request id>, type: "success" }`, or `{ type: "error", message, code }`
 *   with MSG91's codes (101 missing mobile, 102 missing message, 103 missing sender, 106 missing
 *   authentication key, 202 invalid mobile number, 207 invalid authentication key, 301
 *   insufficient balance), which MSG91 answers with HTTP 200 as well: the type says.
 * A text without its DLT ids is taken by the API and dropped later by the operators
 * (https://msg91.com/help/dlt-registration-in-india), so the tests check the ids in what was
 * seen. `failNext` makes the next request answer what a test needs (a 5xx, an empty balance).
 */
export type Msg91Seen = { path: string; authkey?: string; contentType?: string; body: Record<string, unknown> };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

const refusal = (code: string, message: string) => ({ status: 200, json: { type: 'error', message, code } });

type Sms = { message?: unknown; to?: unknown };

export const startFakeMsg91 = async (authKey: string) => {
  const seen: Msg91Seen[] = [];
  let next: { status: number; json: unknown } | null = null;
  const answer = (req: IncomingMessage, body: Record<string, unknown>) => {
    if (req.method !== 'POST' || new URL(req.url!, 'http://x').pathname !== '/api/v2/sendsms')
      return { status: 404, json: { type: 'error', message: 'Not found' } };
    const key = req.headers.authkey;
    if (!key) return refusal('106', 'Missing Authentication Key');
    if (key !== authKey) return refusal('207', 'Invalid authentication key');
    if (!body.sender) return refusal('103', 'Missing sender ID');
    const sms = Array.isArray(body.sms) ? (body.sms as Sms[]) : [];
    const numbers = sms.flatMap((s) => (Array.isArray(s.to) ? (s.to as unknown[]) : []));
    if (!numbers.length) return refusal('101', 'Missing mobile no.');
    if (sms.some((s) => typeof s.message !== 'string' || !s.message)) return refusal('102', 'Missing message');
    if (numbers.some((n) => typeof n !== 'string' || !/^\d{10,15}$/.test(n)))
      return refusal(
        '202',
        'Invalid mobile number. You must have entered either less than 10 digits or there is an alphabetic character in the mobile number field in API.',
      );
    return {
      status: 200,
      json: { message: `5762846b4f8d285d378b45${String(seen.length).padStart(2, '0')}`, type: 'success' },
    };
  };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      // An unreadable body is kept empty: the checks below refuse it.
    }
    const authkey = req.headers.authkey;
    seen.push({
      path: req.url!,
      authkey: typeof authkey === 'string' ? authkey : undefined,
      contentType: req.headers['content-type'],
      body,
    });
    const { status, json } = next ?? answer(req, body);
    next = null;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext: (status: number, json: unknown) => {
      next = { status, json };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
