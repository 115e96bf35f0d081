import { describe, expect, it } from 'vitest';
import { isFacebookOrigin, listenForSession, readSessionMessage } from './embedded-signup-session';

// The message shapes of Meta's Embedded Signup implementation page
// (developers.facebook.com/documentation/business-messaging/whatsapp/embedded-signup/implementation,
// June 2026, and its November 2025 version, which names the error's number `error_id`).
const finish = {
  data: { phone_number_id: '106540352242922', waba_id: '524126980791429', business_id: '2729063490586005' },
  type: 'WA_EMBEDDED_SIGNUP',
  event: 'FINISH',
};

describe("Embedded Signup's session message", () => {
  it('reads FINISH as the account, its number and business', () => {
    expect(readSessionMessage(JSON.stringify(finish))).toEqual({
      kind: 'finish',
      session: {
        event: 'FINISH',
        wabaId: '524126980791429',
        phoneNumberId: '106540352242922',
        businessId: '2729063490586005',
      },
    });
    // Coexistence and account-only flows have no number.
    expect(
      readSessionMessage(
        JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH_ONLY_WABA', data: { waba_id: '524126980791429' } }),
      ),
    ).toMatchObject({ kind: 'finish', session: { phoneNumberId: null, businessId: null } });
  });

  it('reads CANCEL as the screen left, or the error the client reported, in either naming', () => {
    expect(
      readSessionMessage(
        JSON.stringify({
          data: { current_step: 'PHONE_NUMBER_SETUP' },
          type: 'WA_EMBEDDED_SIGNUP',
          event: 'CANCEL',
          version: 3,
        }),
      ),
    ).toEqual({ kind: 'cancel', step: 'PHONE_NUMBER_SETUP', error: null });
    const reported = {
      error_message: 'Your verified name violates WhatsApp guidelines. Please edit your verified name and try again.',
      session_id: 'f34b51dab5e0498',
      timestamp: '1746041036',
    };
    for (const code of [{ error_code: '524126' }, { error_id: '524126' }])
      expect(
        readSessionMessage(
          JSON.stringify({ data: { ...reported, ...code }, type: 'WA_EMBEDDED_SIGNUP', event: 'CANCEL' }),
        ),
      ).toEqual({
        kind: 'cancel',
        step: null,
        error: { message: reported.error_message, code: '524126', sessionId: 'f34b51dab5e0498' },
      });
  });

  it('ignores what is not the session: other types, not JSON, a FINISH without an account', () => {
    expect(readSessionMessage('not json')).toBeNull();
    expect(readSessionMessage(JSON.stringify({ type: 'OTHER', event: 'FINISH', data: {} }))).toBeNull();
    expect(readSessionMessage(JSON.stringify({ ...finish, data: {} }))).toBeNull();
  });

  it('takes messages from facebook.com and its subdomains over https only', () => {
    expect(isFacebookOrigin('https://www.facebook.com')).toBe(true);
    expect(isFacebookOrigin('https://web.facebook.com')).toBe(true);
    expect(isFacebookOrigin('https://evilfacebook.com')).toBe(false);
    expect(isFacebookOrigin('http://www.facebook.com')).toBe(false);
    expect(isFacebookOrigin('https://facebook.com.evil.example')).toBe(false);
  });

  it('keeps the first session from an allowed origin, whether it comes before or after it is asked for', async () => {
    const events = new EventTarget();
    const win = {
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
    } as unknown as Window;
    const listening = listenForSession(isFacebookOrigin, win);
    events.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(finish), origin: 'https://evil.example' }));
    expect(await listening.next(10)).toBeNull();
    events.dispatchEvent(
      new MessageEvent('message', { data: JSON.stringify(finish), origin: 'https://www.facebook.com' }),
    );
    expect(await listening.next(10)).toMatchObject({ kind: 'finish' });
    listening.stop();
  });
});
