import { describe, expect, it } from 'vitest';
import { isNonPublicAddress } from './addresses.js';

describe('isNonPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    'not-an-address',
  ])('refuses %s', (ip) => expect(isNonPublicAddress(ip)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])(
    'lets %s through',
    (ip) => expect(isNonPublicAddress(ip)).toBe(false),
  );
});
