/**
 * Rule 9's "valid public http, https or ftp URL; private IP ranges are rejected". Meta fetches the
 * sample media, and so may our own server (a preview), so a URL must not point inside a network:
 * this refuses local names and every private, loopback, link-local or reserved address, however the
 * address is written. The WHATWG URL parser does the decoding (percent escapes, IDNA, and numeric
 * IPv4 forms such as 2130706433, 0x7f.1 or 017700000001 all become a canonical host).
 */

import { ipv4ToNumber, isPrivateIpv4Number, isPrivateIpv6 } from '../net/addresses.js';

const mediaProtocols = new Set(['http:', 'https:', 'ftp:']);

/** Names that only resolve inside a network (RFC 6761/6762/8375 and common private suffixes). */
const localSuffixes = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp'];

/** The host exactly as written between '//' and the path, without credentials or port. */
const writtenHost = (url: string): string => {
  const authority = /^[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i.exec(url)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
};

const isPublicHost = (url: string, hostname: string): boolean => {
  const host = hostname.replace(/\.$/, '');
  if (host.startsWith('[')) return !isPrivateIpv6(host.slice(1, -1));
  const v4 = ipv4ToNumber(host);
  if (v4 !== null) {
    // An address written in another form (decimal, hex, octal, short) is a disguise, even a public one.
    if (writtenHost(url).toLowerCase().replace(/\.$/, '') !== host) return false;
    return !isPrivateIpv4Number(v4);
  }
  // A name needs a dot: a single label (localhost, intranet) resolves only inside a network.
  if (host === 'localhost' || !host.includes('.')) return false;
  return !localSuffixes.some((s) => host.endsWith(s));
};

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A sample media URL Meta can fetch: http, https or ftp, no credentials, on a public host; or on
 * one of `trustedOrigins` (the console's own public URL, where uploads are served), even a private
 * one, since the demo runs on localhost.
 */
export const isPublicMediaUrl = (url: string, trustedOrigins: readonly string[] = []): boolean => {
  if (url.trim() !== url || /\s/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!mediaProtocols.has(parsed.protocol) || parsed.hostname === '') return false;
  if (parsed.username || parsed.password) return false;
  if (trustedOrigins.some((t) => originOf(t) === parsed.origin)) return true;
  return isPublicHost(url, parsed.hostname);
};
