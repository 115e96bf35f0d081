/**
 * Meta's `messages` webhook as bench/meta-webhook.ts posts it, in the shape of Meta's status webhook
 * reference (docs/research/meta-pricing-and-webhooks.md §2.1 and §2.5): one WhatsApp Business
 * Account entry, one `messages` change, its `statuses`. Each message the console sent carries its
 * callback data back (`biz_opaque_callback_data`); `pricing` is on `sent` and on `delivered` (Meta
 * prices one of delivered or read); no `conversation` object (omitted from v24.0).
 */

export type BenchMessage = { id: string; to: string; callback: string; sentAt: number };

/**
 * `count` messages, numbered on from `run.next`. Their ids look like Meta's (`wamid.` and base64)
 * and start with the run's tag (12 bytes, so 16 base64 characters of their own), which finds the
 * run's events in the database; each goes to a number of its own (a conversation each).
 */
export const messagesOf = (
  run: { tag: Buffer; next: number },
  count: number,
  callbackOf: (i: number) => string,
): BenchMessage[] => {
  const sentAt = Math.floor(Date.now() / 1000) - 60;
  return Array.from({ length: count }, (_, i) => {
    const n = run.next + i;
    const rest = Buffer.from(`FQIAERgSQkE${String(n).padStart(12, '0')}MDhBMEY3AA`);
    return {
      id: `wamid.${Buffer.concat([run.tag, rest]).toString('base64')}`,
      to: String(919_000_000_000 + n),
      callback: callbackOf(i),
      sentAt,
    };
  });
};

const pricing = { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' };

/** Each message's sent, delivered (2 s later) and read (8 s later) statuses, message after message. */
export const statusesOf = (messages: BenchMessage[]) =>
  messages.flatMap((m) =>
    (['sent', 'delivered', 'read'] as const).map((status, k) => ({
      id: m.id,
      status,
      timestamp: String(m.sentAt + [0, 2, 8][k]!),
      recipient_id: m.to,
      biz_opaque_callback_data: m.callback,
      ...(status === 'read' ? {} : { pricing }),
    })),
  );

/** The delivery: Meta's envelope around the statuses. */
export const deliveryOf = (statuses: unknown[]) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
            statuses,
          },
          field: 'messages',
        },
      ],
    },
  ],
});
