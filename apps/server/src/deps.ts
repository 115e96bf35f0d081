import type { Env } from './env.js';
import type { Db } from './platform/db/open.js';
import type { TokenService } from './platform/auth/tokens.js';
import type { MailProvider } from './providers/mail/mail.js';

/** What every module's routes are built with. */
export type Deps = {
  db: Db;
  env: Env;
  tokens: TokenService;
  mail: MailProvider;
  now: () => Date;
};
