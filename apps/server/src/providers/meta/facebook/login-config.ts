import type { SignupFacebook } from '@pc/contract';
import type { Env } from '../../../env.js';

/** The SDK's version is the Graph API's the server uses (the URL ends in it, e.g. v21.0). */
const graphVersionOf = (graphUrl: string) => /\/(v\d+\.\d+)\/?$/.exec(graphUrl)?.[1] ?? 'v21.0';

/**
 * How a page opens Facebook's login: the sandbox's dialog on this server, or Facebook's JS SDK with
 * the app's id when META_MODE=live (`configId`: the embedded sign-up's configuration, if any).
 */
export const facebookLoginOf = (env: Env, configId: string | null): SignupFacebook =>
  env.META_MODE === 'live'
    ? { mode: 'sdk', appId: env.META_APP_ID ?? '', configId, version: graphVersionOf(env.META_GRAPH_URL) }
    : { mode: 'sandbox', dialogUrl: '/sandbox/facebook/dialog/oauth' };
