import { SSO_COOKIE_SUFFIX } from '@pc/contract';

export type SsoCookie = { name: string; value: string };

/** At most this many SSO cookies are tried from one request. */
const MAX_TRIED = 3;

/**
 * The cookies of a Cookie header whose name ends in SSOToken, the first few of them. Names and
 * values are read as sent (a JWT is base64url and needs no decoding); whose name is right is for
 * the partner the token names to say.
 */
export const ssoCookies = (header: string | undefined): SsoCookie[] =>
  (header ?? '')
    .split(';')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0
        ? null
        : {
            name: pair.slice(0, at).trim(),
            value: pair
              .slice(at + 1)
              .trim()
              .replace(/^"|"$/g, ''),
          };
    })
    .filter((cookie): cookie is SsoCookie => !!cookie && cookie.name.endsWith(SSO_COOKIE_SUFFIX) && cookie.value !== '')
    .slice(0, MAX_TRIED);
