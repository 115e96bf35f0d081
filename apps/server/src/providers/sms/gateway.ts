import { callGateway, SmsError } from './sms-error.js';
import type { SmsProvider } from './sms.js';

export type SmsGatewayOptions = { url: string; token?: string; sender?: string; timeoutMs?: number };

/**
 * The generic HTTP SMS gateway, for an in-house relay: `POST url` with `{ to, text, sender }` as
 * JSON and the token as a bearer. Anything but 2xx is a failure: a 4xx the relay refusing us, a 5xx
 * (or no answer) the relay being down.
 */
export const createGatewaySms = (o: SmsGatewayOptions): SmsProvider => ({
  mode: 'gateway',
  send: async ({ to, text }) => {
    const res = await callGateway('gateway', o.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: JSON.stringify({ to: `+${to}`, text, ...(o.sender ? { sender: o.sender } : {}) }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    if (!res.ok)
      throw new SmsError(
        'gateway',
        res.status >= 500 || res.status === 429 ? 'unavailable' : 'refused',
        String(res.status),
        `The SMS gateway answered ${res.status}`,
      );
  },
});
