import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { isNonPublicAddress } from '@pc/contract';

/** What the attempt log says when the receiver's address is not on the public internet. */
export const BLOCKED_PRIVATE = 'blocked: private address';

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor() {
    super(BLOCKED_PRIVATE);
  }
}

type BaseLookup = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemLookup: BaseLookup = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * The socket's own name lookup (the `lookup` of the http and https request): it resolves every
 * address of the name and fails the connection when any of them is private, loopback, link-local
 * or otherwise not public. The connection goes to an address this check has passed, so a name that
 * answers differently a moment later (DNS rebinding) cannot slip through.
 */
export const publicOnlyLookup =
  (base: BaseLookup = systemLookup): LookupFunction =>
  (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (addresses.some((a) => isNonPublicAddress(a.address))) return callback(new BlockedAddressError(), '', 0);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };

/** A URL whose host is an IP address written out (no lookup happens for it): that address. */
export const literalAddressOf = (url: URL): string | null => {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : null;
};
