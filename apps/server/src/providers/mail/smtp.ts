import type { Transporter } from 'nodemailer';
import type { MailProvider } from './mail.js';

export type SmtpSettings = { host: string; port: number; user?: string; password?: string; from: string };

// nodemailer is loaded with the first mail, not when the server starts (docs/benchmarks.md, "Cold start").
export const createSmtpMail = (settings: SmtpSettings): MailProvider => {
  let transport: Promise<Transporter> | undefined;
  const connect = async () =>
    (await import('nodemailer')).default.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.port === 465,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await (await (transport ??= connect())).sendMail({ from: settings.from, ...mail });
    },
  };
};
