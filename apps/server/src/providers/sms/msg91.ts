import { callGateway, readJson, SmsError } from './sms-error.js';
import type { SmsProvider } from './sms.js';

export type Msg91Options = {
  /** https://api.msg91.com, or a fake on loopback in the tests. */
  baseUrl: string;
  authKey: string;
  /** The DLT-approved header (sender id), six characters. */
  sender: string;
  /** The DLT content template the text matches (India's TRAI rules: texts without one are dropped). */
  dltTemplateId: string;
  /** The DLT principal entity (PE) id the header is registered to. */
  dltEntityId: string;
  timeoutMs?: number;
};

/** MSG91's codes that are about the number, not our account: 202 invalid mobile number. */
const NUMBER_CODES = new Set(['202']);

/**
 * MSG91's Send SMS API (https://api.msg91.com/apidoc/textsms/send-sms-v1.php): `POST /api/v2/sendsms`
 * with the `authkey` header and JSON `{ sender, route, country, sms: [{ message, to }] }`; route 4
 * is transactional. India's DLT ids go with it as `DLT_TE_ID` (the content template) and `PE_ID` (the
 * entity), which MSG91 takes on every API but its Flow one
 * (https://msg91.com/help/dlt-key-points-for-b2b-platforms): the text stays ours, and must match
 * the template with its variables filled in. The answer is `{ type: "success", message: <request
 * id> }`, or `{ type: "error", message, code }`, sometimes with HTTP 200: the type decides.
 */
export const createMsg91Sms = (o: Msg91Options): SmsProvider => ({
  mode: 'msg91',
  send: async ({ to, text }) => {
    const res = await callGateway('msg91', `${o.baseUrl.replace(/\/$/, '')}/api/v2/sendsms`, {
      method: 'POST',
      headers: { authkey: o.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        sender: o.sender,
        route: '4',
        // 0: the numbers carry their country code (international format), ours always do.
        country: '0',
        DLT_TE_ID: o.dltTemplateId,
        PE_ID: o.dltEntityId,
        sms: [{ message: text, to: [to] }],
      }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    const answer = await readJson(res);
    if (res.ok && answer?.type === 'success') return;
    const rawCode = answer?.code;
    const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? String(rawCode) : null;
    const rawMessage = answer?.message;
    const message = typeof rawMessage === 'string' ? rawMessage : `MSG91 answered ${res.status}`;
    const failure =
      res.status >= 500 || res.status === 429 || !answer
        ? 'unavailable'
        : code !== null && NUMBER_CODES.has(code)
          ? 'invalid-number'
          : 'refused';
    throw new SmsError('msg91', failure, code ?? String(res.status), message);
  },
});
