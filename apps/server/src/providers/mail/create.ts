import path from 'node:path';
import type { Env } from '../../env.js';
import type { MailProvider } from './mail.js';
import { createOutbox } from './outbox.js';
import { createSmtpMail } from './smtp.js';

/** SMTP when a host is configured; otherwise the sandbox outbox in DATA_DIR/outbox. */
export const createMailProvider = (env: Env, log?: (line: string) => void): MailProvider =>
  env.SMTP_HOST
    ? createSmtpMail({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT,
        user: env.SMTP_USER,
        password: env.SMTP_PASSWORD,
        from: env.SMTP_FROM,
      })
    : createOutbox(path.resolve(env.DATA_DIR, 'outbox'), env.SMTP_FROM, log);
