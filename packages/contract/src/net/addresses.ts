/**
 * Which IP addresses are not the public internet (RFC 6890 and its IPv6 kin): private, loopback,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, documentation, multicast and
 * reserved, and IPv6 forms that reach such an IPv4 address (mapped, NAT64, 6to4). Shared by the
 * template media URL rule and the webhook sender, which checks every address a name resolves to
 * before it connects.
 */

const ipv4Pattern = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export const ipv4ToNumber = (host: string): number | null => {
  const m = ipv4Pattern.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  if (octets.some((o) => o > 255)) return null;
  return octets.reduce((n, o) => n * 256 + o, 0);
};

/** [first address, prefix length] of every IPv4 range that is not the public internet (RFC 6890). */
const privateIpv4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and broadcast
];
const privateIpv4Ranges = privateIpv4.map(([start, bits]) => ({
  start: ipv4ToNumber(start) ?? 0,
  size: 2 ** (32 - bits),
}));

export const isPrivateIpv4Number = (n: number): boolean =>
  privateIpv4Ranges.some((r) => n >= r.start && n < r.start + r.size);

/** The 8 groups of an IPv6 address as the URL parser writes it (compressed, lowercase, no dotted tail). */
const ipv6Groups = (host: string): number[] | null => {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
};

const embeddedIpv4 = (hi: number, lo: number): number => hi * 65536 + lo;

export const isPrivateIpv6 = (host: string): boolean => {
  const g = ipv6Groups(host);
  if (!g) return true;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (upperZero && g5 === 0) return true;
  // IPv4-mapped ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d reach the IPv4 address inside
  if (upperZero && g5 === 0xffff) return isPrivateIpv4Number(embeddedIpv4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return isPrivateIpv4Number(embeddedIpv4(g6, g7));
  // 6to4 2002:a.b.c.d::/48 routes to the IPv4 address in groups 1 and 2
  if (g0 === 0x2002) return isPrivateIpv4Number(embeddedIpv4(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only 100::/64
  return false;
};

/** An address as `net.isIP` accepts it (IPv4 dotted, or IPv6 without brackets): true unless public. */
export const isNonPublicAddress = (ip: string): boolean => {
  const v4 = ipv4ToNumber(ip);
  if (v4 !== null) return isPrivateIpv4Number(v4);
  const lower = ip.toLowerCase().replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:127.0.0.1) as resolvers may write it.
  const tail = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (tail) {
    const n = ipv4ToNumber(tail[2]!);
    if (n === null) return true;
    return isPrivateIpv6(`${tail[1]}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`);
  }
  return isPrivateIpv6(lower);
};
