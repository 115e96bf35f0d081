import path from 'node:path';
import type { Env } from '../../env.js';
import type { MailProvider } from './mail.js';
import { createOutbox } from './outbox.js';
import { createSmtpMail, SMTP_DEFAULT_BUDGET_MS } from './smtp.js';

/**
 * One send's budget: within three quarters of the jobs' lease, as a webhook attempt is, since mails
 * go out from jobs; at most 45 s, since the password-reset mail goes out on the request path.
 */
export const smtpBudgetMs = (leaseMs: number) => Math.min(Math.floor(leaseMs * 0.75), SMTP_DEFAULT_BUDGET_MS);

/** SMTP when a host is configured; otherwise the sandbox outbox in DATA_DIR/outbox. */
export const createMailProvider = (env: Env, log?: (line: string) => void): MailProvider =>
  env.SMTP_HOST
    ? createSmtpMail({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT,
        user: env.SMTP_USER,
        password: env.SMTP_PASSWORD,
        from: env.SMTP_FROM,
        security: env.SMTP_SECURITY,
        budgetMs: smtpBudgetMs(env.JOBS_LEASE_MS),
      })
    : createOutbox(path.resolve(env.DATA_DIR, 'outbox'), env.SMTP_FROM, log);
