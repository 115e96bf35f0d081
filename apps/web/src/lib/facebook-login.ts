import type { EmbeddedSignupSession, SignupFacebook } from '@pc/contract';
import { isFacebookOrigin, listenForSession } from './embedded-signup-session';

/**
 * Facebook's login, shared by the embedded sign-up page and the project's Meta Ad tab: the server
 * says how it opens (`SignupFacebook`: the sandbox's dialog or Facebook's JS SDK), the page what it
 * asks for.
 */

/** What a login asks: its permissions; `embeddedSignup` adds WhatsApp's embedded sign-up session info. */
export type LoginAsk = { scopes: readonly string[]; embeddedSignup?: boolean };

/**
 * What a Facebook login gave: a user access token (with the user's id and the permissions granted
 * when the SDK says them); for Embedded Signup, the exchangeable code (good for 30 seconds) with the
 * session Meta posted the page, or the screen or error the client left on; or nothing (refused,
 * closed, blocked).
 */
export type FacebookLoginResult =
  | { status: 'connected'; accessToken: string; userID?: string; grantedScopes?: string }
  | { status: 'signed_up'; code: string; session: EmbeddedSignupSession }
  | {
      status: 'cancelled';
      step: string | null;
      error: { message: string; code: string | null; sessionId: string | null } | null;
    }
  | { status: 'not_authorized' };

/** What the login's own answer is, before Embedded Signup's session is joined to it. */
type LoginAnswer = FacebookLoginResult | { status: 'code'; code: string };

const notAuthorized: FacebookLoginResult = { status: 'not_authorized' };

/** How long the session message may come after the login's callback (Meta sends both, in no set order). */
const SESSION_WAIT_MS = 5_000;

/**
 * Embedded Signup's two answers joined: the code with the session (FINISH), or the client's cancel
 * or reported error (CANCEL) whatever the login's callback said.
 */
const joinSession = async (
  answer: Promise<LoginAnswer>,
  session: ReturnType<typeof listenForSession>,
): Promise<FacebookLoginResult> => {
  try {
    const got = await answer;
    const message = await session.next(got.status === 'code' ? SESSION_WAIT_MS : 300);
    if (message?.kind === 'cancel') return { status: 'cancelled', step: message.step, error: message.error };
    if (got.status !== 'code') return got;
    return message?.kind === 'finish'
      ? { status: 'signed_up', code: got.code, session: message.session }
      : notAuthorized;
  } finally {
    session.stop();
  }
};

// ---- Sandbox: the server's own login dialog in a popup, answering with postMessage. ----

/** The parts of `window` the sandbox login uses (a test passes its own). */
export type SandboxWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  location: { origin: string };
};

/** How often a popup closed without an answer is looked for, and how long its last message may still come. */
const CLOSED_POLL_MS = 500;
const CLOSED_GRACE_MS = 300;

/** The sandbox dialog's answer, or null for any other message. */
export const readSandboxMessage = (data: unknown): LoginAnswer | null => {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; status?: unknown; accessToken?: unknown; code?: unknown };
  if (message.type !== 'sandbox-facebook-login') return null;
  if (message.status === 'connected' && typeof message.code === 'string' && message.code !== '')
    return { status: 'code', code: message.code };
  if (message.status === 'connected' && typeof message.accessToken === 'string' && message.accessToken !== '')
    return { status: 'connected', accessToken: message.accessToken };
  if (message.status === 'not_authorized') return notAuthorized;
  return null;
};

export const sandboxDialogUrl = (dialogUrl: string, origin: string, scopes: readonly string[]) =>
  `${dialogUrl}${dialogUrl.includes('?') ? '&' : '?'}scope=${scopes.join(',')}&origin=${encodeURIComponent(origin)}`;

/**
 * Opens the sandbox dialog (call it synchronously in the click, or the popup blocker stops it) and
 * waits for its message from this origin. A popup that could not open, or closed without an
 * answer, is not_authorized.
 */
export const sandboxLogin = (
  dialogUrl: string,
  scopes: readonly string[],
  win: SandboxWindow = window,
): Promise<LoginAnswer> => {
  const origin = win.location.origin;
  const popup = win.open(sandboxDialogUrl(dialogUrl, origin, scopes), 'facebook-login', 'width=560,height=720');
  if (!popup) return Promise.resolve(notAuthorized);
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: LoginAnswer) => {
      if (done) return;
      done = true;
      win.removeEventListener('message', onMessage);
      clearInterval(poll);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const result = readSandboxMessage(event.data);
      if (!result) return;
      if (!popup.closed) popup.close();
      finish(result);
    };
    win.addEventListener('message', onMessage);
    // The dialog may post its answer and close at once: its message is given a moment to arrive.
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      setTimeout(() => finish(notAuthorized), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
  });
};

// ---- SDK: Facebook's JavaScript SDK, loaded once when the page knows it needs it. ----

type FacebookLoginResponse = {
  status?: string;
  authResponse?: { accessToken?: string; code?: string; userID?: string; grantedScopes?: string } | null;
};
type FacebookLoginOptions = {
  scope?: string;
  config_id?: string;
  response_type?: 'code';
  override_default_response_type?: boolean;
  extras?: { setup: Record<string, never>; featureType: string; sessionInfoVersion: string };
  return_scopes?: boolean;
  auth_type?: 'rerequest';
};
type FacebookSdk = {
  init: (options: { appId: string; version: string; xfbml: boolean; cookie: boolean }) => void;
  login: (callback: (response: FacebookLoginResponse) => void, options: FacebookLoginOptions) => void;
};
type SdkSettings = Extract<SignupFacebook, { mode: 'sdk' }>;

const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
let sdk: Promise<FacebookSdk> | null = null;
let readySdk: FacebookSdk | null = null;

const loadSdk = (settings: SdkSettings): Promise<FacebookSdk> => {
  sdk ??= new Promise<FacebookSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onload = () => {
      const FB = (window as Window & { FB?: FacebookSdk }).FB;
      if (!FB) return reject(new Error('Facebook SDK missing'));
      FB.init({ appId: settings.appId, version: settings.version, xfbml: false, cookie: false });
      readySdk = FB;
      resolve(FB);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Facebook SDK did not load'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later click may try again (a network blip, a blocker turned off).
    sdk = null;
    throw error;
  });
  return sdk;
};

/**
 * The SDK's options for a login. Embedded Signup as Meta's implementation page launches it: its
 * configuration (which names the permissions and the flow's version), an exchangeable code rather
 * than a token, and the session info the page listens for (`sessionInfoVersion` '3', which v2
 * configurations need and later ones ignore). Otherwise the permissions granted said back, and asked
 * again when the user declined one before (Facebook does not re-ask without `rerequest`).
 */
export const sdkLoginOptions = (settings: SdkSettings, ask: LoginAsk): FacebookLoginOptions =>
  ask.embeddedSignup
    ? {
        ...(settings.configId === null ? { scope: ask.scopes.join(',') } : { config_id: settings.configId }),
        response_type: 'code',
        override_default_response_type: true,
        extras: { setup: {}, featureType: '', sessionInfoVersion: '3' },
      }
    : {
        scope: ask.scopes.join(','),
        ...(settings.configId === null ? {} : { config_id: settings.configId }),
        return_scopes: true,
        auth_type: 'rerequest',
      };

const sdkLogin = (FB: FacebookSdk, settings: SdkSettings, ask: LoginAsk) =>
  new Promise<LoginAnswer>((resolve) => {
    FB.login(
      (response) => {
        const auth = response.authResponse;
        if (ask.embeddedSignup && auth?.code) return resolve({ status: 'code', code: auth.code });
        if (!auth?.accessToken) return resolve(notAuthorized);
        resolve({
          status: 'connected',
          accessToken: auth.accessToken,
          ...(auth.userID ? { userID: auth.userID } : {}),
          ...(auth.grantedScopes ? { grantedScopes: auth.grantedScopes } : {}),
        });
      },
      sdkLoginOptions(settings, ask),
    );
  });

/** Loads the SDK ahead of the click when the page uses it, so the click can open the login at once. */
export const prepareFacebookLogin = (facebook: SignupFacebook) => {
  if (facebook.mode === 'sdk') loadSdk(facebook).catch(() => undefined);
};

/** The login's own answer, opened synchronously in the click. */
const openLogin = (facebook: SignupFacebook, ask: LoginAsk): Promise<LoginAnswer> => {
  if (facebook.mode === 'sandbox') return sandboxLogin(facebook.dialogUrl, ask.scopes);
  if (readySdk) return sdkLogin(readySdk, facebook, ask);
  // Not loaded yet: the login opens once it is (a popup blocker may stop that one).
  return loadSdk(facebook).then(
    (FB) => sdkLogin(FB, facebook, ask),
    () => notAuthorized,
  );
};

/**
 * The login, started synchronously in the click that asked for it. Embedded Signup's session is
 * listened for from the start: from Facebook, or from this server's sandbox dialog.
 */
export const facebookLogin = (facebook: SignupFacebook, ask: LoginAsk): Promise<FacebookLoginResult> => {
  if (!ask.embeddedSignup) return openLogin(facebook, ask).then((a) => (a.status === 'code' ? notAuthorized : a));
  const own = window.location.origin;
  const session = listenForSession(facebook.mode === 'sandbox' ? (o) => o === own : isFacebookOrigin);
  return joinSession(openLogin(facebook, ask), session);
};
