import { afterEach, describe, expect, it } from 'vitest';
import { smtpBudgetMs } from './create.js';
import { startFakeSmtp } from './fake-smtp.js';
import { createSmtpMail, smtpConfigRefusal, smtpTimeouts } from './smtp.js';

let relay: Awaited<ReturnType<typeof startFakeSmtp>>;
afterEach(() => relay.close());

const mail = {
  to: 'owner@acme.example',
  subject: 'Set a new password',
  text: 'Use this link: http://x/reset-password?token=abc',
};
const from = 'Console <no-reply@console.test>';

it('delivers a mail over SMTP with its recipient, subject and body (a local relay without TLS)', async () => {
  relay = await startFakeSmtp();
  await createSmtpMail({ host: '127.0.0.1', port: relay.port, from, security: 'none' }).send(mail);
  expect(relay.received).toHaveLength(1);
  const [got] = relay.received;
  expect(got!.from).toContain('no-reply@console.test');
  expect(got!.to[0]).toContain('owner@acme.example');
  expect(got!.data).toContain('Subject: Set a new password');
  expect(got!.data).toContain('reset-password?token=abc');
});

describe('a relay that offers no STARTTLS on a STARTTLS port', () => {
  const credentials = { user: 'relay-user', password: 'relay-password-1' };
  const plainAuth = Buffer.from(`\0${credentials.user}\0${credentials.password}`).toString('base64');

  it('received the user and password in clear before requireTLS (the downgrade, reproduced)', async () => {
    relay = await startFakeSmtp({ offerAuth: true });
    // What createSmtpMail asked nodemailer for before: not secure, STARTTLS only when offered.
    const nodemailer = (await import('nodemailer')).default;
    const before = nodemailer.createTransport({
      host: '127.0.0.1',
      port: relay.port,
      secure: false,
      auth: { user: credentials.user, pass: credentials.password },
    });
    await before.sendMail({ from, ...mail });
    expect(relay.lines).toContain(`AUTH PLAIN ${plainAuth}`);
  });

  it('is refused before AUTH: the credentials and the mail never leave', async () => {
    relay = await startFakeSmtp({ offerAuth: true });
    const smtp = createSmtpMail({ host: '127.0.0.1', port: relay.port, from, ...credentials });
    await expect(smtp.send(mail)).rejects.toMatchObject({ code: 'ETLS' });
    // What the relay heard: its EHLO and the STARTTLS it refused (and perhaps a QUIT), nothing after.
    expect(relay.lines.map((l) => l.split(' ')[0]).filter((verb) => verb !== 'QUIT')).toEqual(['EHLO', 'STARTTLS']);
    expect(relay.lines.join('\n')).not.toContain(plainAuth);
    expect(relay.received).toHaveLength(0);
  });

  it('cannot be configured away with credentials: security none with a user is refused', () => {
    expect(smtpConfigRefusal('none', 'relay-user')).toMatch(/in clear/);
    expect(smtpConfigRefusal('none', undefined)).toBeNull();
    expect(() => createSmtpMail({ host: '127.0.0.1', port: 25, from, security: 'none', user: 'u' })).toThrow(
      /in clear/,
    );
  });
});

describe('the SMTP timeouts', () => {
  it('fit the jobs’ lease: three quarters of it at most, 45 s at most, split over connect, greeting and an idle socket', () => {
    expect(smtpBudgetMs(60_000)).toBe(45_000);
    expect(smtpBudgetMs(10_000)).toBe(7_500);
    expect(smtpBudgetMs(3_600_000)).toBe(45_000);
    const t = smtpTimeouts(45_000);
    expect(t).toEqual({ connectionTimeout: 11_250, greetingTimeout: 11_250, socketTimeout: 22_500 });
    expect(t.connectionTimeout + t.greetingTimeout + t.socketTimeout).toBeLessThanOrEqual(45_000);
  });

  it('give up on a relay that never greets within the greeting timeout', async () => {
    relay = await startFakeSmtp({ silent: 'greeting' });
    const started = Date.now();
    const smtp = createSmtpMail({ host: '127.0.0.1', port: relay.port, from, security: 'none', budgetMs: 800 });
    await expect(smtp.send(mail)).rejects.toMatchObject({ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('give up on a relay that stops answering after its greeting within the socket timeout', async () => {
    relay = await startFakeSmtp({ silent: 'after-greeting' });
    const started = Date.now();
    const smtp = createSmtpMail({ host: '127.0.0.1', port: relay.port, from, security: 'none', budgetMs: 800 });
    await expect(smtp.send(mail)).rejects.toMatchObject({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(relay.lines[0]).toMatch(/^EHLO /);
  });
});
