import type { SignupFacebook } from '@pc/contract';

/**
 * Facebook's login, shared by the embedded sign-up page and the project's Meta Ad tab: the server
 * says how it opens (`SignupFacebook`: the sandbox's dialog or Facebook's JS SDK), the page what it
 * asks for.
 */

/** What a login asks: its permissions; `embeddedSignup` adds WhatsApp's embedded sign-up session info. */
export type LoginAsk = { scopes: readonly string[]; embeddedSignup?: boolean };

/**
 * What a Facebook login gave: a user access token (with the user's id and the permissions granted
 * when the SDK says them), or nothing (refused, closed, blocked).
 */
export type FacebookLoginResult =
  { status: 'connected'; accessToken: string; userID?: string; grantedScopes?: string } | { status: 'not_authorized' };

const notAuthorized: FacebookLoginResult = { status: 'not_authorized' };

// ---- Sandbox: the server's own login dialog in a popup, answering with postMessage. ----

/** The parts of `window` the sandbox login uses (a test passes its own). */
export type SandboxWindow = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  location: { origin: string };
};

/** How often a popup closed without an answer is looked for, and how long its last message may still come. */
const CLOSED_POLL_MS = 500;
const CLOSED_GRACE_MS = 300;

/** The sandbox dialog's answer, or null for any other message. */
export const readSandboxMessage = (data: unknown): FacebookLoginResult | null => {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; status?: unknown; accessToken?: unknown };
  if (message.type !== 'sandbox-facebook-login') return null;
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
): Promise<FacebookLoginResult> => {
  const origin = win.location.origin;
  const popup = win.open(sandboxDialogUrl(dialogUrl, origin, scopes), 'facebook-login', 'width=560,height=720');
  if (!popup) return Promise.resolve(notAuthorized);
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: FacebookLoginResult) => {
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
  authResponse?: { accessToken?: string; userID?: string; grantedScopes?: string } | null;
};
type FacebookLoginOptions = {
  scope: string;
  config_id?: string;
  extras?: { sessionInfoVersion: string };
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
 * The SDK's options for a login: the embedded sign-up's session info; otherwise the permissions
 * granted said back, and asked again when the user declined one before (Facebook does not re-ask
 * a declined permission without `rerequest`).
 */
export const sdkLoginOptions = (settings: SdkSettings, ask: LoginAsk): FacebookLoginOptions => ({
  scope: ask.scopes.join(','),
  ...(settings.configId === null ? {} : { config_id: settings.configId }),
  ...(ask.embeddedSignup ? { extras: { sessionInfoVersion: '3' } } : { return_scopes: true, auth_type: 'rerequest' }),
});

const sdkLogin = (FB: FacebookSdk, settings: SdkSettings, ask: LoginAsk) =>
  new Promise<FacebookLoginResult>((resolve) => {
    FB.login(
      (response) => {
        const auth = response.authResponse;
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

/** The login, started synchronously in the click that asked for it. */
export const facebookLogin = (facebook: SignupFacebook, ask: LoginAsk): Promise<FacebookLoginResult> => {
  if (facebook.mode === 'sandbox') return sandboxLogin(facebook.dialogUrl, ask.scopes);
  if (readySdk) return sdkLogin(readySdk, facebook, ask);
  // Not loaded yet: the login opens once it is (a popup blocker may stop that one).
  return loadSdk(facebook).then(
    (FB) => sdkLogin(FB, facebook, ask),
    () => notAuthorized,
  );
};
