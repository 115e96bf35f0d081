import { z } from 'zod';
import { defaultSmtpSecurity, smtpConfigRefusal } from './providers/mail/smtp.js';
import { DEFAULT_GRAPH_VERSION, graphBaseUrl, graphVersionRefusal } from './providers/meta/graph-version.js';
import { smsConfigRefusal } from './providers/sms/config.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback: the demo's published sign-ins are not offered to the network. 0.0.0.0 in a container
  // or behind a proxy on another host (the Dockerfile sets it).
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SEED_DEMO: flag.optional(),
  // Adds this many projects (and a fifth as many businesses) under the demo's Acme when the demo is first seeded.
  SEED_SCALE_PROJECTS: z.coerce.number().int().min(0).max(2_000_000).default(0),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Partner Console <no-reply@partner-console.local>'),
  // tls (port 465's default), starttls (required, any other port's default) or none (a local relay, no credentials).
  SMTP_SECURITY: z.enum(['tls', 'starttls', 'none']).optional(),
  CHAT_WIDGET_SCRIPT_URL: z.string().url().optional(),
  // Without a vendor's widget: the sandbox widget this server serves (providers/chat-widget), or none.
  CHAT_WIDGET: z.enum(['sandbox', 'off']).default('sandbox'),
  // The spec does not name the help site; the platform's public help pages unless configured.
  HELP_CENTER_URL: z.string().url().default('https://faq.whatsapp.com/'),
  WEB_DIST: z.string().optional(),
  // Only behind a proxy you run: otherwise clients could forge X-Forwarded-For and dodge throttling.
  TRUST_PROXY: flag.default(false),
  // Uploaded files: local disk under DATA_DIR/uploads, or an S3-compatible bucket.
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  // Static keys; without them the AWS SDK's default chain (AWS_* variables, profiles, instance and pod roles).
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_SESSION_TOKEN: z.string().optional(),
  // Bucket in the path (endpoint/bucket/key): the default with S3_ENDPOINT (MinIO and most compatibles).
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  S3_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  // The messaging provider (Meta): a sandbox that behaves like it, or the Graph API.
  META_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  // The Graph API's host, and the version every call (and Facebook's JS SDK) names: providers/meta/graph-version.ts.
  META_GRAPH_URL: z
    .string()
    .url()
    .refine((u) => !/\/v\d+\.\d+\/?$/.test(u), 'the host only: the version is META_GRAPH_VERSION')
    .default('https://graph.facebook.com'),
  META_GRAPH_VERSION: z.string().default(DEFAULT_GRAPH_VERSION),
  META_SYSTEM_USER_TOKEN: z.string().optional(),
  META_APP_ID: z.string().optional(),
  META_SIGNUP_CONFIG_ID: z.string().optional(),
  // A Solution Partner platform's line of credit, shared with each client account Embedded Signup brings.
  META_CREDIT_LINE_ID: z
    .string()
    .regex(/^\d{1,40}$/)
    .optional(),
  // Meta signs its webhooks with the app secret (X-Hub-Signature-256). Live mode needs the real one;
  // the sandbox signs its own deliveries with one derived from the token secret unless this is set.
  META_APP_SECRET: z.string().min(1).optional(),
  // Answered to Meta's GET hub.challenge handshake when the webhook is registered; unset: refused.
  META_WEBHOOK_VERIFY_TOKEN: z.string().min(1).optional(),
  // Where template status webhooks go: PUBLIC_URL/platform/meta/webhook unless set (e.g. behind a tunnel).
  META_WEBHOOK_CALLBACK_URL: z.string().url().optional(),
  // How long the sandbox Meta takes to review a submitted template.
  META_SANDBOX_REVIEW_DELAY_MS: z.coerce.number().int().min(0).default(15_000),
  // How long after a send the sandbox Meta delivers a message (it is read after four times this).
  META_SANDBOX_MESSAGE_DELAY_MS: z.coerce.number().int().min(0).default(2_000),
  // Text messages (the embedded sign-up's OTP). The generic gateway (an in-house relay): POST JSON {to, text, sender}
  // with a bearer token; without any gateway, the sandbox phone network the sign-up page shows.
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  // Which gateway sends them (providers/sms/config.ts): unset, the generic gateway with SMS_GATEWAY_URL, else the sandbox.
  SMS_PROVIDER: z.enum(['sandbox', 'gateway', 'msg91', 'twilio']).optional(),
  // MSG91's Send SMS API with the DLT ids India requires; SMS_SENDER_ID is the DLT-approved header.
  MSG91_URL: z.string().url().default('https://api.msg91.com'),
  MSG91_AUTH_KEY: z.string().min(1).optional(),
  MSG91_DLT_TEMPLATE_ID: z.string().regex(/^\d+$/, 'digits').optional(),
  MSG91_DLT_ENTITY_ID: z.string().regex(/^\d+$/, 'digits').optional(),
  // Twilio's Messages API: a From number or sender id, or a Messaging Service.
  TWILIO_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'MG and 32 hex digits')
    .optional(),
  // Sign-ups a partner's public embedded sign-up page takes an hour (each creates a business and a project).
  SIGNUPS_PER_PARTNER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // Per client address, below the partner's cap so that one address cannot use up a partner's page.
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Sign-up OTP guesses per phone number and per client address an hour (besides 5 per code).
  SIGNUP_OTP_GUESSES_PER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(10),
  SIGNUP_OTP_GUESSES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // How often the Meta Ads sync reads the connected projects' ads and debits their spend.
  META_ADS_SYNC_MINUTES: z.coerce.number().int().min(1).default(15),
  // How often the renewals job charges the plans, add-ons and partnership fees that are due (modules/renewals).
  RENEWALS_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // How often the partners' wallet warning levels are checked against their balances (modules/wallet).
  WALLET_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  // The payment gateway (Razorpay OAuth): a sandbox with its authorisation page on this server, or Razorpay.
  RAZORPAY_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  RAZORPAY_AUTH_URL: z.string().url().default('https://auth.razorpay.com'),
  RAZORPAY_CLIENT_ID: z.string().optional(),
  RAZORPAY_CLIENT_SECRET: z.string().optional(),
  // The data the tokens reach: a development client may ask for test; a production client only has live.
  RAZORPAY_TOKEN_MODE: z.enum(['test', 'live']).default('live'),
  // The secret of the application's webhook in Razorpay's dashboard (X-Razorpay-Signature). Unset: with
  // RAZORPAY_MODE=live every webhook is refused; in the sandbox one is derived from the token secret.
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Recharge Now on the dashboard opens a chat with support: numbers per tenant (partner id, or * for
  // every other) and currency, as "tenant:CURRENCY=number" pairs separated by commas.
  RECHARGE_CHAT_NUMBERS: z
    .string()
    .regex(/^\s*([^:,=\s]+:(INR|USD)=\+?\d{6,15}\s*(,\s*|$))*$/, 'tenant:CURRENCY=number pairs separated by commas')
    .default('*:INR=918000000000,*:USD=14150000000'),
  // The messaging platform's key for POST /platform/message-events (X-Platform-Key); unset: refused.
  PLATFORM_API_KEY: z.string().min(16).optional(),
  // Posts simulated message events for the demo's live projects in the background (the sandbox).
  TRAFFIC_SIMULATOR: flag.default(false),
  TRAFFIC_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(200).default(5000),
  // Attempt limits (docs/decisions.md, "Abuse limits"): sign-in and the change-password check per account and client
  // address, password-reset mails per typed email and address, each in its window.
  SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RESET_MAIL_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  RESET_MAIL_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  RESET_MAIL_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  // Requests per client address and minute on public routes (@fastify/rate-limit), per server process.
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  // API requests one server process holds at once; one more is answered 503 with Retry-After at once
  // (platform/http/admission.ts). About what the database pool serves in a quarter of a second.
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
  // How long a process reuses a signed-in user it read (platform/auth/viewer-cache.ts): a change made
  // on another process (a revoked session, a disabled member, a role) takes effect within it. 0: read every request.
  VIEWER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  // Project API calls per project (private app) and minute, counted in the database: shared by every process.
  PROJECT_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Webhook URLs may point at private addresses (localhost, 10.x, ...): local development and tests only.
  WEBHOOK_ALLOW_PRIVATE_URLS: flag.default(false),
  // How often the jobs table is polled for due work (template reviews, webhook deliveries) when nothing kicks it.
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
  // How many claimed jobs a server process runs at once (webhook deliveries wait on the network).
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  // How long a claimed job is its process's (renewed while it runs): a dead process's jobs are taken after it.
  JOBS_LEASE_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(60_000),
  // One webhook delivery attempt's limit: no full answer within it counts as a failed attempt. Kept
  // well under the jobs' lease (at most 3/4 of JOBS_LEASE_MS), so that an attempt never outlives its claim.
  WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(100).max(45_000).default(15_000),
  // How long the webhook delivery log (events, deliveries, attempts) is kept once nothing is pending.
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // On SIGTERM or SIGINT: how long requests and running jobs get to finish before the process exits anyway
  // (a job cut short is taken again by a runner once its lease ends).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  // GET /metrics (Prometheus) is on when set, and answers only this, sent as a bearer token; unset: 404.
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: readable lines on a terminal, JSON lines (one object a line) when standard output is a pipe or file.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
});

export type Env = z.infer<typeof EnvSchema> & {
  seedDemo: boolean;
  publicUrl: string;
  /** META_GRAPH_URL with META_GRAPH_VERSION: the base of every Graph API call. */
  graphUrl: string;
};

/** The one place that reads process.env (ARCHITECTURE rule 10). */
export const readEnv = (source: NodeJS.ProcessEnv = process.env): Env => {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const env = parsed.data;
  // An attempt must end well within its claim, or another process could start the same delivery.
  if (env.WEBHOOK_ATTEMPT_TIMEOUT_MS > env.JOBS_LEASE_MS * 0.75)
    throw new Error('Invalid configuration:\n  WEBHOOK_ATTEMPT_TIMEOUT_MS: at most three quarters of JOBS_LEASE_MS');
  const smtpRefused = smtpConfigRefusal(env.SMTP_SECURITY ?? defaultSmtpSecurity(env.SMTP_PORT), env.SMTP_USER);
  if (env.SMTP_HOST && smtpRefused) throw new Error(`Invalid configuration:\n  ${smtpRefused}`);
  const smsRefused = smsConfigRefusal(env);
  if (smsRefused) throw new Error(`Invalid configuration:\n  ${smsRefused}`);
  const versionRefused = graphVersionRefusal(env.META_GRAPH_VERSION, new Date());
  if (versionRefused) throw new Error(`Invalid configuration:\n  META_GRAPH_VERSION: ${versionRefused}`);
  return {
    ...env,
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    graphUrl: graphBaseUrl(env.META_GRAPH_URL, env.META_GRAPH_VERSION),
  };
};
