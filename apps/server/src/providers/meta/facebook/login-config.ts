import type { SignupFacebook } from '@pc/contract';
import type { Env } from '../../../env.js';

/**
 * How a page opens Facebook's login (the SDK names the Graph API version the server calls): the sandbox's dialog on this server, or Facebook's JS SDK with
 * the app's id when META_MODE=live (`configId`: the embedded sign-up's configuration, if any).
 */
export const facebookLoginOf = (env: Env, configId: string | null): SignupFacebook =>
  env.META_MODE === 'live'
    ? { mode: 'sdk', appId: env.META_APP_ID ?? '', configId, version: env.META_GRAPH_VERSION }
    : { mode: 'sandbox', dialogUrl: '/sandbox/facebook/dialog/oauth' };
