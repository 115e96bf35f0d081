import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAZORPAY_CALLBACK_PATH } from '@pc/contract';
import { sandboxOutcomes } from '../../providers/razorpay/sandbox.js';
import { startTestApp, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let redirectUri: string;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  redirectUri = `${t.deps.env.publicUrl}${RAZORPAY_CALLBACK_PATH}`;
});
afterAll(() => t.close());

const payload = '"><script>document.title="pwned"</script><img src=x onerror=alert(1)>';
const open = (params: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/sandbox/razorpay/authorize?${new URLSearchParams(params).toString()}` });
const request = (state: string) => ({
  response_type: 'code',
  client_id: 'sandbox',
  redirect_uri: redirectUri,
  scope: 'read_write',
  state,
});

describe("the sandbox's authorisation page", () => {
  it('asks Allow or Deny with the outcomes to choose from, with no script at all', async () => {
    const res = await open(request('abc'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('value="allow"');
    expect(res.body).toContain('value="deny"');
    for (const outcome of Object.keys(sandboxOutcomes)) expect(res.body).toContain(`value="${outcome}"`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-/);
  });

  it('carries the state only escaped, in an attribute', async () => {
    const res = await open(request(payload.slice(0, 200)));
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script|<img/i);
    expect(res.body).toContain('value="&#34;&#62;&#60;script&#62;');
  });

  it("refuses another client, another redirect URI (the sandbox's only registered one), or no state, saying nothing of them", async () => {
    for (const params of [
      { ...request('abc'), client_id: payload },
      { ...request('abc'), redirect_uri: `https://evil.example${RAZORPAY_CALLBACK_PATH}` },
      { ...request('abc'), redirect_uri: payload },
      { ...request('abc'), response_type: 'token' },
      request(''),
    ]) {
      const res = await open(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.body).toContain('This authorisation request is invalid');
      expect(res.body).not.toContain('evil.example');
      expect(res.body).not.toMatch(/<script|<img/i);
    }
  });

  it('sends the browser only to the callback path on this server', async () => {
    const decide = (params: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/sandbox/razorpay/decide?${new URLSearchParams(params).toString()}` });
    const allowed = await decide({ redirect_uri: redirectUri, state: 's1', decision: 'allow' });
    expect(allowed.statusCode).toBe(303);
    expect(String(allowed.headers.location)).toMatch(
      new RegExp(`^${RAZORPAY_CALLBACK_PATH}\\?code=[\\w.-]+&state=s1$`),
    );
    const refused: Record<string, string>[] = [
      { redirect_uri: 'https://evil.example/cb', state: 's1', decision: 'allow' },
      { redirect_uri: redirectUri, state: 's1', decision: 'maybe' },
      { redirect_uri: redirectUri, state: 's1', decision: 'allow', outcome: '__proto__' },
    ];
    for (const params of refused) {
      const res = await decide(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('has its styles as a file of its own, and serves no other', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/razorpay/assets/page.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    for (const file of ['constructor', '__proto__', 'page.js', '..%2Fpage.css']) {
      const other = await t.app.inject({ method: 'GET', url: `/sandbox/razorpay/assets/${file}` });
      expect(other.statusCode, file).toBe(404);
    }
  });

  it('without its parameters is no authorisation request: a JSON 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/razorpay/authorize' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('answers an unknown API path under /razorpay/ with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/razorpay/partner/t1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
