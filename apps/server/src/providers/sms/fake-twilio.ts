import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of Twilio's Messages API on 127.0.0.1, written from Twilio's documentation:
 * - the request: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 *   (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `Body`, and `From`
 *   or `MessagingServiceSid`; HTTP basic auth with the Account SID and Auth Token);
 * - the answers: https://www.twilio.com/docs/usage/twilios-response (201 with the Message; errors
 *   as `{ code, message, more_info, status }`) and the codes of https://www.twilio.com/docs/api/errors:
 *   20003 (401, Authenticate), 20404, 21211 ('To' not a valid phone number), 21602 (Body required),
 *   21603 (From or MessagingServiceSid required), 21604 ('To' required, or the request not
 *   form-encoded), 20429 (too many requests).
 * `failNext` makes the next request answer what a test needs (a 5xx, a 429).
 */
export type TwilioSeen = { path: string; authorization?: string; contentType?: string; form: Record<string, string> };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

const error = (status: number, code: number, message: string) => ({
  status,
  json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export const startFakeTwilio = async (account: { sid: string; token: string }) => {
  const seen: TwilioSeen[] = [];
  let next: { status: number; json: unknown } | null = null;
  const answer = (req: IncomingMessage, form: Record<string, string>) => {
    const path = new URL(req.url!, 'http://x').pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (req.method !== 'POST' || !match) return error(404, 20404, 'The requested resource was not found');
    const expected = `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`;
    if (req.headers.authorization !== expected || match[1] !== account.sid) return error(401, 20003, 'Authenticate');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') || !form.To)
      return error(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{1,14}$/.test(form.To))
      return error(400, 21211, `The 'To' number ${form.To} is not a valid phone number.`);
    if (!form.Body) return error(400, 21602, 'Message body is required.');
    if (!form.From && !form.MessagingServiceSid)
      return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
    return {
      status: 201,
      json: {
        sid: `SM${'0'.repeat(31)}${seen.length}`,
        account_sid: account.sid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        // A Messaging Service's messages start `accepted` (it picks the sender), others `queued`.
        status: form.MessagingServiceSid ? 'accepted' : 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
      },
    };
  };
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    seen.push({
      path: req.url!,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      form,
    });
    const { status, json } = next ?? answer(req, form);
    next = null;
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext: (status: number, code: number, message: string) => {
      next = error(status, code, message);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};
