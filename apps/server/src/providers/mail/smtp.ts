import nodemailer from 'nodemailer';
import type { MailProvider } from './mail.js';

export type SmtpSettings = { host: string; port: number; user?: string; password?: string; from: string };

export const createSmtpMail = (settings: SmtpSettings): MailProvider => {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.port === 465,
    auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
  });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await transport.sendMail({ from: settings.from, ...mail });
    },
  };
};
