import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (ARCHITECTURE rule 14). Scripts only from this origin and
 * the configured chat widget's host: no inline script, no eval, so request data that slipped into a
 * page could never run. Styles allow 'unsafe-inline' because MUI's emotion inserts <style> tags at
 * run time into a static index.html (a nonce would need the page rendered per request); style
 * injection cannot run script under this script-src. Pages of our own with no inline style (the Meta
 * sandbox pages) get style-src without it. Images may come from any https host (partner
 * logos are URLs on the partner's profile) and data: URLs (previews).
 */
export const contentSecurityPolicy = (o: {
  chatWidgetScriptUrl?: string;
  frameable: boolean;
  uploadOrigins?: string[];
  inlineStyles?: boolean;
  /** The embedded sign-up page with the real Facebook login: the JS SDK, its frames and its calls. */
  facebookSdk?: boolean;
}) => {
  const chat = o.chatWidgetScriptUrl ? ` ${new URL(o.chatWidgetScriptUrl).origin}` : '';
  const thirdParty = o.facebookSdk ? `${chat} https://connect.facebook.net https://*.facebook.com` : chat;
  // The browser posts uploads straight to the storage (an S3 bucket's presigned POST) when it is not this server.
  const uploads = (o.uploadOrigins ?? []).map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${thirdParty}`,
    `style-src 'self'${o.inlineStyles === false ? '' : " 'unsafe-inline'"}${thirdParty}`,
    `img-src 'self' data: blob: https:${thirdParty}`,
    // A template's sample video plays in its preview from wherever the sample is (a public https URL).
    "media-src 'self' blob: https:",
    `font-src 'self' data:${thirdParty}`,
    `connect-src 'self'${thirdParty}${uploads}`,
    `frame-src 'self'${thirdParty}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The embedded sign-up page is made to sit in a partner's own site; nothing else may be framed.
    `frame-ancestors ${o.frameable ? 'https:' : "'none'"}`,
  ].join('; ');
};

/** Pages meant to be put in an iframe on a partner's site (document 1: /{partnerId}/embed/signup). */
const frameablePath = /^\/[^/?#]+\/embed\/signup(?:[/?#]|$)/;
/** The Meta sandbox pages (modules/projects/sandbox-routes.ts) take their styles from a file. */
const noInlineStylePath = /^\/sandbox\//;

/** Sets the policy, and the legacy X-Frame-Options beside frame-ancestors, on every answer. */
export const securityHeaders = (
  app: FastifyInstance,
  chatWidgetScriptUrl?: string,
  uploadOrigins: string[] = [],
  facebookSdk = false,
) => {
  const policies = {
    framed: contentSecurityPolicy({ chatWidgetScriptUrl, frameable: true, uploadOrigins, facebookSdk }),
    unframed: contentSecurityPolicy({ chatWidgetScriptUrl, frameable: false, uploadOrigins }),
    strictStyles: contentSecurityPolicy({ chatWidgetScriptUrl, frameable: false, uploadOrigins, inlineStyles: false }),
  };
  app.addHook('onSend', async (request, reply) => {
    const frameable = frameablePath.test(request.url);
    const policy = frameable
      ? policies.framed
      : noInlineStylePath.test(request.url)
        ? policies.strictStyles
        : policies.unframed;
    reply.header('content-security-policy', policy);
    if (!frameable) reply.header('x-frame-options', 'DENY');
  });
};
