import { createHmac } from 'node:crypto';
import { secretKeyBytes } from '../secret.js';

export type EventForBody = { type: string; createdAt: Date; payload: Record<string, unknown> };

/**
 * The body posted for an event, Standard Webhooks' envelope. It is made from the stored event row
 * alone (the payload as jsonb writes it back, the instant in whole milliseconds), so every attempt
 * and replay sends the same bytes.
 */
export const envelopeOf = (event: EventForBody): string =>
  JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload });

/** `webhook-signature`: v1 and the base64 HMAC-SHA256 of "id.timestamp.body" under the secret's bytes. */
export const signatureOf = (secret: string, id: string, timestampSeconds: number, body: string): string =>
  `v1,${createHmac('sha256', secretKeyBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
