import { call, type TestContext } from '../../../test/harness.js';

export type SandboxLinkLogin = { userName?: string; businessName?: string; phoneNumber?: string; displayName?: string };

/**
 * A generated link followed as its client would in the sandbox: the dialog the link opens, the
 * login (every permission the link asks for, unless `scopes` says otherwise), then the redirect
 * back to the link callback with the code and the link's state. Answers the callback's page.
 */
export const followSandboxLink = async (
  app: TestContext['app'],
  link: string,
  login: SandboxLinkLogin & { scopes?: string[] } = {},
) => {
  const url = new URL(link);
  const dialog = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (dialog.statusCode !== 200) throw new Error(`the dialog answered ${dialog.statusCode}`);
  const redirectUri = url.searchParams.get('redirect_uri')!;
  const { scopes = url.searchParams.get('scope')!.split(','), ...who } = login;
  const isWhatsApp = scopes.includes('whatsapp_business_management');
  const res = await call<{ code: string }>(app, 'POST', '/sandbox/facebook/login', {
    body: {
      scopes,
      redirectUri,
      ...(isWhatsApp ? { businessName: 'My Business', phoneNumber: '919812345670' } : {}),
      ...who,
    },
  });
  if (res.status !== 200) throw new Error(`the login answered ${res.status}`);
  return callback(app, redirectUri, { code: res.body.code, state: url.searchParams.get('state')! });
};

/** The link callback with these parameters (Facebook's redirect back). */
export const callback = (app: TestContext['app'], redirectUri: string, params: Record<string, string>) => {
  const back = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
  return app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
};
