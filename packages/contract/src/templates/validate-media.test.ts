import { describe, expect, it } from 'vitest';
import { templateMessages as m } from './messages.js';
import { normalized, verdict } from './test-support.js';
import { isPublicMediaUrl } from './validate.js';

const refused = (rule: number, message: string) => expect.objectContaining({ rule, message });

describe('rule 9: the sample media URL', () => {
  it('is required for IMAGE, VIDEO and FILE, naming the type', () => {
    for (const type of ['IMAGE', 'VIDEO', 'FILE'])
      expect(verdict({ type, sampleMediaUrl: ' ' })).toEqual({
        rule: 9,
        field: 'sampleMediaUrl',
        message: `Sample media URL is required for template type ${type}`,
      });
    expect(m.mediaUrlRequired('IMAGE')).toBe('Sample media URL is required for template type IMAGE');
  });

  it('accepts public http, https and ftp URLs', () => {
    for (const sampleMediaUrl of [
      'https://cdn.example.com/a.png',
      'http://media.example.co.in/v.mp4?x=1',
      'ftp://files.example.org/doc.pdf',
      'https://8.8.8.8/a.png',
      'https://[2606:4700:4700::1111]/a.png',
    ])
      expect(verdict({ type: 'IMAGE', sampleMediaUrl }), sampleMediaUrl).toBe('ok');
  });

  it('refuses what is not a public http, https or ftp URL', () => {
    for (const sampleMediaUrl of [
      'not a url',
      'cdn.example.com/a.png',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:image/png;base64,AAAA',
      'https://user:pass@cdn.example.com/a.png',
    ])
      expect(verdict({ type: 'IMAGE', sampleMediaUrl }), sampleMediaUrl).toEqual(
        refused(9, 'Invalid Sample media URL'),
      );
  });

  it('refuses local names and private, loopback, link-local and reserved addresses, however written', () => {
    const hosts = [
      'localhost',
      'LOCALHOST.',
      'app.localhost',
      'printer.local',
      'metadata.google.internal',
      'router.home.arpa',
      'intranet',
      '127.0.0.1',
      '127.5.6.7',
      '10.0.0.8',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '2130706433',
      '0x7f.1',
      '017700000001',
      '127.1',
      '0x7f000001',
      '%31%32%37.0.0.1',
      '0x08.8.8.8',
      '[::1]',
      '[::]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[fe80::1]',
      '[ff02::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '[::ffff:7f00:1]',
      '[64:ff9b::a00:1]',
      '[2002:c0a8:101::1]',
      '[2001:db8::1]',
    ];
    for (const host of hosts) {
      const sampleMediaUrl = `http://${host}/a.png`;
      expect(isPublicMediaUrl(sampleMediaUrl), sampleMediaUrl).toBe(false);
      expect(verdict({ type: 'VIDEO', sampleMediaUrl }), sampleMediaUrl).toEqual(refused(9, m.invalidMediaUrl));
    }
    expect(isPublicMediaUrl('http://[::ffff:8.8.8.8]/a.png')).toBe(true);
    expect(isPublicMediaUrl('http://172.32.0.1/a.png')).toBe(true);
  });

  it('accepts the console’s own origins even when private', () => {
    const trusted = ['http://localhost:4000'];
    expect(verdict({ type: 'FILE', sampleMediaUrl: 'http://localhost:4000/media/a.pdf' }, trusted)).toBe('ok');
    expect(verdict({ type: 'FILE', sampleMediaUrl: 'http://localhost:4001/media/a.pdf' }, trusted)).toEqual(
      refused(9, m.invalidMediaUrl),
    );
    expect(isPublicMediaUrl('http://127.0.0.1:4000/a.pdf', ['http://localhost:4000/'])).toBe(false);
  });

  it('drops the media URL of TEXT and LOCATION templates', () => {
    expect(normalized({ sampleMediaUrl: 'http://127.0.0.1/a.png' }).sampleMediaUrl).toBe('');
    expect(normalized({ type: 'LOCATION', sampleMediaUrl: 'x' }).sampleMediaUrl).toBe('');
    expect(normalized({ type: 'IMAGE', sampleMediaUrl: ' https://cdn.example.com/a.png ' }).sampleMediaUrl).toBe(
      'https://cdn.example.com/a.png',
    );
  });
});
