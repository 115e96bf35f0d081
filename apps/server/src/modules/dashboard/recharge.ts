import type { Currency } from '@pc/contract';

/** "tenant:CURRENCY=number" pairs (env RECHARGE_CHAT_NUMBERS) to a lookup; `*` is every other tenant. */
export const parseRechargeNumbers = (config: string): Map<string, string> => {
  const out = new Map<string, string>();
  for (const pair of config.split(',')) {
    const match = /^\s*([^:,=\s]+):(INR|USD)=\+?(\d{6,15})\s*$/.exec(pair);
    if (match) out.set(`${match[1]}:${match[2]}`, match[3]!);
  }
  return out;
};

/** The support chat link for a partner (its own number first, then the default for its currency). */
export const rechargeUrl = (numbers: Map<string, string>, partnerId: string, currency: Currency): string | null => {
  const number = numbers.get(`${partnerId}:${currency}`) ?? numbers.get(`*:${currency}`);
  return number ? `https://wa.me/${number}` : null;
};
