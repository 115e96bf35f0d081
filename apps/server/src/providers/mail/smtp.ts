import type { Transporter } from 'nodemailer';
import type { MailProvider } from './mail.js';

/**
 * How the connection to the relay is protected: `tls` from the first byte (port 465), `starttls`
 * (a plain connection that must be upgraded before anything else is said: the relay's user and
 * password never cross in clear, even when a relay, or someone in the path, strips STARTTLS from
 * its EHLO), or `none` (a local relay without TLS; refused with a user, see smtpConfigRefusal).
 */
export type SmtpSecurity = 'tls' | 'starttls' | 'none';

export type SmtpSettings = {
  host: string;
  port: number;
  user?: string;
  password?: string;
  from: string;
  security?: SmtpSecurity;
  /** What one send may take at most when the relay stops answering: see smtpTimeouts. */
  budgetMs?: number;
};

/** An attempt's budget when none is given: three quarters of the jobs' default lease (60 s). */
export const SMTP_DEFAULT_BUDGET_MS = 45_000;

/** Port 465 is TLS from the first byte (RFC 8314); any other port upgrades with STARTTLS. */
export const defaultSmtpSecurity = (port: number): SmtpSecurity => (port === 465 ? 'tls' : 'starttls');

/**
 * A send's budget split over its steps: connecting and the greeting a quarter each, an idle
 * socket (a relay that stops answering mid-conversation) half. A relay that hangs at any one step
 * gives up within the budget, so a mail job never outlives its claim on the jobs table
 * (create.ts keeps the budget within three quarters of JOBS_LEASE_MS). nodemailer's defaults are
 * 2 minutes, 30 seconds and 10 minutes.
 */
export const smtpTimeouts = (budgetMs: number) => ({
  connectionTimeout: Math.round(budgetMs / 4),
  greetingTimeout: Math.round(budgetMs / 4),
  socketTimeout: Math.round(budgetMs / 2),
});

/** Why a configuration is refused, or null: credentials are never sent over a plain connection. */
export const smtpConfigRefusal = (security: SmtpSecurity, user: string | undefined): string | null =>
  security === 'none' && user
    ? 'SMTP_SECURITY: none sends SMTP_USER and SMTP_PASSWORD in clear; use starttls or tls'
    : null;

// nodemailer is loaded with the first mail, not when the server starts (docs/benchmarks.md, "Cold start").
export const createSmtpMail = (settings: SmtpSettings): MailProvider => {
  const security = settings.security ?? defaultSmtpSecurity(settings.port);
  const refused = smtpConfigRefusal(security, settings.user);
  if (refused) throw new Error(refused);
  let transport: Promise<Transporter> | undefined;
  const connect = async () =>
    (await import('nodemailer')).default.createTransport({
      host: settings.host,
      port: settings.port,
      secure: security === 'tls',
      // Without it nodemailer goes on in clear (and sends AUTH) when the EHLO offers no STARTTLS.
      requireTLS: security === 'starttls',
      ignoreTLS: security === 'none',
      ...smtpTimeouts(settings.budgetMs ?? SMTP_DEFAULT_BUDGET_MS),
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    });
  return {
    kind: 'smtp',
    send: async (mail) => {
      await (await (transport ??= connect())).sendMail({ from: settings.from, ...mail });
    },
  };
};
