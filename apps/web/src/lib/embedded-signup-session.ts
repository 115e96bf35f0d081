import { EmbeddedSignupSession } from '@pc/contract';

/**
 * What Meta's Embedded Signup posts the page that opened it (a `message` event whose data is a JSON
 * string of type WA_EMBEDDED_SIGNUP), as its implementation page documents it
 * (developers.facebook.com/documentation/business-messaging/whatsapp/embedded-signup/implementation):
 * FINISH (and FINISH_ONLY_WABA, FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING) with the new account's
 * ids; CANCEL with the screen the client left (`current_step`), or with the error the client
 * reported (`error_message`, `error_code` — `error_id` in Meta's 2025 page — `session_id`).
 */
export type SessionMessage =
  | { kind: 'finish'; session: EmbeddedSignupSession }
  | {
      kind: 'cancel';
      step: string | null;
      error: { message: string; code: string | null; sessionId: string | null } | null;
    };

const text = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

export const readSessionMessage = (raw: unknown): SessionMessage | null => {
  let message: unknown = raw;
  if (typeof raw === 'string') {
    try {
      message = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, event, data } = message as { type?: unknown; event?: unknown; data?: Record<string, unknown> };
  if (type !== 'WA_EMBEDDED_SIGNUP' || typeof data !== 'object' || data === null) return null;
  if (event === 'CANCEL' || event === 'ERROR') {
    const errorMessage = text(data.error_message);
    return {
      kind: 'cancel',
      step: text(data.current_step),
      error: errorMessage
        ? {
            message: errorMessage,
            code: text(data.error_code) ?? text(data.error_id),
            sessionId: text(data.session_id),
          }
        : null,
    };
  }
  const session = EmbeddedSignupSession.safeParse({
    event,
    wabaId: text(data.waba_id),
    phoneNumberId: text(data.phone_number_id),
    businessId: text(data.business_id),
  });
  return session.success ? { kind: 'finish', session: session.data } : null;
};

/**
 * Whether a message comes from Facebook: an https page of facebook.com or one of its subdomains
 * (Meta's own sample checks only that the origin ends in facebook.com, which evilfacebook.com does).
 */
export const isFacebookOrigin = (origin: string): boolean => {
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' && (url.hostname === 'facebook.com' || url.hostname.endsWith('.facebook.com'));
  } catch {
    return false;
  }
};

type MessageSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/**
 * Listens for the session from the start of the login (it may come before or after the login's
 * callback); `next(ms)` is the first one read, or null when none came in time.
 */
export const listenForSession = (allowed: (origin: string) => boolean, win: MessageSource = window) => {
  let first: SessionMessage | null = null;
  let wake: (() => void) | null = null;
  const onMessage = (event: MessageEvent) => {
    if (first || !allowed(event.origin)) return;
    first = readSessionMessage(event.data);
    if (first) wake?.();
  };
  win.addEventListener('message', onMessage);
  return {
    next: (ms: number) =>
      new Promise<SessionMessage | null>((resolve) => {
        if (first) return resolve(first);
        const timer = setTimeout(() => resolve(first), ms);
        wake = () => {
          clearTimeout(timer);
          resolve(first);
        };
      }),
    stop: () => win.removeEventListener('message', onMessage),
  };
};
