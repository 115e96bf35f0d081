import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mail, MailProvider } from './mail.js';

export type OutboxProvider = MailProvider & { sent: Mail[]; dir: string };

/**
 * The sandbox mail provider: each mail becomes an .eml file in DATA_DIR/outbox that any mail
 * client opens, its first line is logged, and the last mails are kept for tests.
 */
export const createOutbox = (dir: string, from: string, log: (line: string) => void = () => {}): OutboxProvider => {
  // nodemailer (which writes the .eml) is loaded with the first mail, not when the server starts.
  let transport: Promise<Transporter> | undefined;
  const connect = async () =>
    (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const sent: Mail[] = [];
  return {
    kind: 'outbox',
    dir,
    sent,
    send: async (mail) => {
      const info = await (await (transport ??= connect())).sendMail({ from, ...mail });
      mkdirSync(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      sent.push(mail);
      if (sent.length > 100) sent.shift();
      log(`mail "${mail.subject}" to ${mail.to} written to ${file}`);
    },
  };
};
