import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adsLoginScopes, signupScopes } from '@pc/contract';
import {
  readSandboxMessage,
  sandboxDialogUrl,
  sandboxLogin,
  sdkLoginOptions,
  type SandboxWindow,
} from './facebook-login';

const origin = 'https://console.example.com';

/** A window whose popup and messages the test drives. */
const fakeWindow = (popupOpens = true) => {
  const events = new EventTarget();
  const popup = { closed: false, close: vi.fn(() => (popup.closed = true)) };
  const open = vi.fn(() => (popupOpens ? popup : null));
  const win = {
    location: { origin },
    open,
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  } as unknown as SandboxWindow;
  const post = (data: unknown, from = origin) =>
    events.dispatchEvent(new MessageEvent('message', { data, origin: from }));
  return { win, popup, open, post };
};

describe('the sandbox Facebook login', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the dialog with the scopes asked for and this origin', () => {
    const { win, open } = fakeWindow();
    void sandboxLogin('/sandbox/facebook/dialog', signupScopes, win);
    expect(open).toHaveBeenCalledWith(
      '/sandbox/facebook/dialog?scope=business_management,whatsapp_business_management,whatsapp_business_messaging&origin=https%3A%2F%2Fconsole.example.com',
      'facebook-login',
      'width=560,height=720',
    );
    expect(sandboxDialogUrl('/d?x=1', origin, signupScopes)).toMatch(/^\/d\?x=1&scope=/);
    expect(sandboxDialogUrl('/d', origin, adsLoginScopes)).toBe(
      '/d?scope=public_profile,email,ads_read,ads_management,pages_show_list,business_management,pages_manage_metadata,pages_read_engagement&origin=https%3A%2F%2Fconsole.example.com',
    );
  });

  it('takes the access token of a connected answer, ignoring other origins and shapes', async () => {
    const { win, popup, post } = fakeWindow();
    let result: unknown = null;
    void sandboxLogin('/dialog', adsLoginScopes, win).then((r) => (result = r));
    post({ type: 'sandbox-facebook-login', status: 'connected', accessToken: 'evil' }, 'https://evil.example.com');
    post({ type: 'other', status: 'connected', accessToken: 'x' });
    post('sandbox-facebook-login');
    post({ type: 'sandbox-facebook-login', status: 'connected' });
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBeNull();
    post({ type: 'sandbox-facebook-login', status: 'connected', accessToken: 'EAAB-token' });
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toEqual({ status: 'connected', accessToken: 'EAAB-token' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('is not_authorized when the dialog says so, when the popup closes unanswered, or cannot open', async () => {
    const refused = fakeWindow();
    const first = sandboxLogin('/dialog', adsLoginScopes, refused.win);
    refused.post({ type: 'sandbox-facebook-login', status: 'not_authorized' });
    await expect(first).resolves.toEqual({ status: 'not_authorized' });

    const closed = fakeWindow();
    let result: unknown = null;
    void sandboxLogin('/dialog', adsLoginScopes, closed.win).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(1500);
    expect(result).toBeNull();
    closed.popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(result).toEqual({ status: 'not_authorized' });

    await expect(sandboxLogin('/dialog', adsLoginScopes, fakeWindow(false).win)).resolves.toEqual({
      status: 'not_authorized',
    });
  });

  it('still takes an answer posted just before the popup closed itself', async () => {
    const { win, popup, post } = fakeWindow();
    let result: unknown = null;
    void sandboxLogin('/dialog', adsLoginScopes, win).then((r) => (result = r));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    post({ type: 'sandbox-facebook-login', status: 'connected', accessToken: 'late' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(result).toEqual({ status: 'connected', accessToken: 'late' });
  });

  it('reads only the two answers of the dialog', () => {
    expect(readSandboxMessage(null)).toBeNull();
    expect(readSandboxMessage({ type: 'sandbox-facebook-login', status: 'connected', accessToken: '' })).toBeNull();
    expect(readSandboxMessage({ type: 'sandbox-facebook-login', status: 'unknown' })).toBeNull();
  });
});

describe('the SDK login options', () => {
  const sdk = { mode: 'sdk', appId: '123', version: 'v21.0' } as const;

  // As Meta's Embedded Signup implementation page launches it (its "Launch method" code).
  it('launches Embedded Signup with its configuration, for a code, with the session info', () => {
    expect(sdkLoginOptions({ ...sdk, configId: 'cfg-1' }, { scopes: signupScopes, embeddedSignup: true })).toEqual({
      config_id: 'cfg-1',
      response_type: 'code',
      override_default_response_type: true,
      extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
    });
  });

  it('asks the ads login for its permissions back, and again for one declined before', () => {
    expect(sdkLoginOptions({ ...sdk, configId: null }, { scopes: adsLoginScopes })).toEqual({
      scope: adsLoginScopes.join(','),
      return_scopes: true,
      auth_type: 'rerequest',
    });
  });
});
