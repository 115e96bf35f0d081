import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMail } from './smtp.js';

/** A minimal SMTP server that records what it receives: enough to see the real client deliver. */
const fakeSmtp = () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let mail = { from: '', to: [] as string[], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received };
};

const smtp = fakeSmtp();
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

it('delivers a mail over SMTP with its recipient, subject and body', async () => {
  const mail = createSmtpMail({ host: '127.0.0.1', port, from: 'Console <no-reply@console.test>' });
  await mail.send({
    to: 'owner@acme.example',
    subject: 'Set a new password',
    text: 'Use this link: http://x/reset-password?token=abc',
  });
  expect(smtp.received).toHaveLength(1);
  const [got] = smtp.received;
  expect(got!.from).toContain('no-reply@console.test');
  expect(got!.to[0]).toContain('owner@acme.example');
  expect(got!.data).toContain('Subject: Set a new password');
  expect(got!.data).toContain('reset-password?token=abc');
});
