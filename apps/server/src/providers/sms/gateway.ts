import type { SmsProvider } from './sms.js';

export type SmsGatewayOptions = { url: string; token?: string; sender?: string; timeoutMs?: number };

/**
 * An HTTP SMS gateway: `POST url` with `{ to, text, sender }` as JSON and the token as a bearer,
 * the shape most gateways take or an adapter in front of one does. Anything but 2xx is a failure.
 */
export const createGatewaySms = (o: SmsGatewayOptions): SmsProvider => ({
  mode: 'gateway',
  send: async ({ to, text }) => {
    const res = await fetch(o.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      body: JSON.stringify({ to: `+${to}`, text, ...(o.sender ? { sender: o.sender } : {}) }),
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`The SMS gateway answered ${res.status}`);
  },
});
