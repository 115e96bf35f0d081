import net from 'node:net';

/**
 * A small SMTP relay on 127.0.0.1 for the SMTP client's tests (RFC 5321 replies): it records every
 * line it is sent (`lines`) and the mails it takes. `offerAuth` announces AUTH PLAIN and takes any
 * credentials; it never offers STARTTLS and refuses the command (502), as a relay without TLS, or
 * one whose EHLO a man in the middle rewrote, does. `silent` makes it hang: before its greeting,
 * or after it (an EHLO never answered), to see the client's timeouts.
 */
export type FakeSmtpOptions = { offerAuth?: boolean; silent?: 'greeting' | 'after-greeting' };
export type ReceivedMail = { from: string; to: string[]; data: string };

export const startFakeSmtp = async (options: FakeSmtpOptions = {}) => {
  const lines: string[] = [];
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    if (options.silent === 'greeting') return;
    socket.write('220 fake-smtp ESMTP ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        lines.push(line);
        if (options.silent === 'after-greeting') continue;
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO')
          socket.write(options.offerAuth ? '250-fake-smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n' : '250 fake-smtp\r\n');
        else if (verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'STARTTLS') socket.write('502 5.5.1 STARTTLS not supported\r\n');
        else if (verb === 'AUTH') socket.write('235 2.7.0 Authentication successful\r\n');
        else if (verb === 'MAIL') {
          mail.from = line.slice(10).trim();
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(8).trim());
          socket.write('250 2.1.5 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    lines,
    received,
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
