import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './csp.js';

/** The policy as a map of directive -> sources. */
const directives = (policy: string) =>
  new Map(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

describe('the content security policy', () => {
  it('runs scripts from this origin only: nothing inline, no eval, no other host', () => {
    const policy = directives(contentSecurityPolicy({ frameable: false }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("adds the chat widget's host (its origin, not the script's path) to what the widget needs", () => {
    const policy = directives(
      contentSecurityPolicy({ frameable: false, chatWidgetScriptUrl: 'https://chat.example.com:8443/js/w.js?v=2' }),
    );
    const host = 'https://chat.example.com:8443';
    expect(policy.get('script-src')).toEqual(["'self'", host]);
    for (const d of ['connect-src', 'frame-src', 'style-src', 'img-src', 'font-src'])
      expect(policy.get(d)).toContain(host);
    expect([...policy.values()].flat().join(' ')).not.toContain('/js/w.js');
  });

  it('loads partner logos from any https host, and lets emotion write its <style> tags in the console', () => {
    const policy = directives(contentSecurityPolicy({ frameable: false }));
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'https:', 'data:']));
    expect(policy.get('img-src')).not.toContain('http:');
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('keeps styles to files of this origin on pages that need nothing inline', () => {
    const policy = directives(contentSecurityPolicy({ frameable: false, inlineStyles: false }));
    expect(policy.get('style-src')).toEqual(["'self'"]);
  });

  it('lets the browser post uploads to the storage origins it is given', () => {
    const policy = directives(
      contentSecurityPolicy({ frameable: false, uploadOrigins: ['https://b.s3.amazonaws.com'] }),
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://b.s3.amazonaws.com']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  });

  it('may be framed by https sites only where asked (the embedded sign-up page)', () => {
    expect(directives(contentSecurityPolicy({ frameable: true })).get('frame-ancestors')).toEqual(['https:']);
  });
});

describe('the security headers on every answer', () => {
  const app = Fastify();
  beforeAll(async () => {
    securityHeaders(app, 'https://chat.example.com/w.js');
    for (const url of ['/projects', '/sandbox/facebook/dialog/oauth', '/acme/embed/signup', '/api/thing'])
      app.get(url, async (_, reply) => reply.type('text/html').send('<!doctype html>'));
    await app.ready();
  });
  afterAll(() => app.close());

  const headersOf = async (url: string) => (await app.inject({ method: 'GET', url })).headers;

  it('answer the console and the API under the policy, not frameable', async () => {
    for (const url of ['/projects', '/api/thing', '/unknown']) {
      const headers = await headersOf(url);
      expect(headers['content-security-policy']).toBe(
        contentSecurityPolicy({ frameable: false, chatWidgetScriptUrl: 'https://chat.example.com/w.js' }),
      );
      expect(headers['x-frame-options']).toBe('DENY');
    }
  });

  it('answer the sandbox pages with no inline styles either', async () => {
    const headers = await headersOf('/sandbox/facebook/dialog/oauth?scope=catalog_management');
    const policy = directives(String(headers['content-security-policy']));
    expect(policy.get('style-src')).toEqual(["'self'", 'https://chat.example.com']);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://chat.example.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('let the embedded sign-up page be framed, without X-Frame-Options', async () => {
    const headers = await headersOf('/acme/embed/signup?x=1');
    expect(directives(String(headers['content-security-policy'])).get('frame-ancestors')).toEqual(['https:']);
    expect(headers['x-frame-options']).toBeUndefined();
  });
});
