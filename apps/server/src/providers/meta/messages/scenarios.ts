import type { MessageStatus } from './messages.js';
import { MetaApiError } from '../graph-error.js';

/**
 * What the sandbox Meta does with a message (ARCHITECTURE rule 15), told by the recipient number's
 * last digits so that every outcome can be reached from the demo and from tests:
 *
 * | number ends in | outcome |
 * |---|---|
 * | `131030` | refused at once: 400, Meta's 131030 "Recipient phone number not in allowed list" |
 * | `131026` | accepted and sent, then failed: 131026 "Message undeliverable" |
 * | `131049` | accepted and sent, then failed: 131049, a marketing message held back for the user's engagement |
 * | `131050` | accepted and sent, then failed: 131050, the user stopped the business's marketing messages |
 * | `000000` | sent and delivered, never read |
 * | anything else | sent, delivered after the delay, read after four times the delay |
 */
export type SandboxOutcome = {
  /** Meta's refusal of the send itself; nothing is sent. */
  refusal?: MetaApiError;
  /** The statuses that follow, each this many delays after the send (0: at once). */
  statuses: { status: MessageStatus; afterDelays: number; error?: { code: number; title: string } }[];
};

const refused = (): MetaApiError =>
  new MetaApiError(
    400,
    131030,
    undefined,
    '(#131030) Recipient phone number not in allowed list',
    'Recipient phone number not in allowed list',
    'Add recipient phone number to recipient list and try again.',
  );

const failedWith = (code: number, title: string): SandboxOutcome => ({
  statuses: [
    { status: 'sent', afterDelays: 0 },
    { status: 'failed', afterDelays: 1, error: { code, title } },
  ],
});

export const sandboxOutcome = (to: string): SandboxOutcome => {
  if (to.endsWith('131030')) return { refusal: refused(), statuses: [] };
  if (to.endsWith('131026')) return failedWith(131026, 'Message undeliverable');
  if (to.endsWith('131049'))
    return failedWith(131049, 'This message was not delivered to maintain healthy ecosystem engagement.');
  // Meta's marketing templates page: the send is taken, then a failed status with this title.
  if (to.endsWith('131050'))
    return failedWith(
      131050,
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business',
    );
  const sentAndDelivered = [
    { status: 'sent' as const, afterDelays: 0 },
    { status: 'delivered' as const, afterDelays: 1 },
  ];
  if (to.endsWith('000000')) return { statuses: sentAndDelivered };
  return { statuses: [...sentAndDelivered, { status: 'read', afterDelays: 4 }] };
};
