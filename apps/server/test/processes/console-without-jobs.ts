/**
 * The console as src/main.ts serves it (same env, database, migrations, app and logger), without the
 * jobs runner: a process that answers requests and never takes a job. A test kills it between a
 * request's commit and the work of the job it wrote; main.ts's runner claims at start and whenever a
 * commit kicks it, so no poll interval keeps it away. Nothing is seeded or scheduled here: it opens
 * a database a test prepared. Started by startConsoleProcess (console-process.ts), which reads the
 * `url` of its start-up line.
 */
import { readEnv } from '../../src/env.js';
import { buildApp } from '../../src/app.js';
import { createLogger } from '../../src/platform/http/logging.js';
import { openDatabase } from '../../src/platform/db/open.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { migrationsApplied } from '../../src/platform/db/migrations-applied.js';
import { createTokenService, loadTokenSecret } from '../../src/platform/auth/tokens.js';
import { createMailProvider } from '../../src/providers/mail/create.js';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
if (!(await migrationsApplied(database.db))) await migrate(database);
const app = await buildApp(
  {
    db: database.db,
    env,
    tokens: createTokenService(loadTokenSecret(env.TOKEN_SECRET, env.DATA_DIR)),
    mail: createMailProvider(env, (line) => log.info(line)),
    now: () => new Date(),
  },
  { logger: log },
);
await app.listen({ port: env.PORT, host: env.HOST });
const shown = `http://localhost:${(app.server.address() as { port: number }).port}`;
log.info({ url: shown }, 'Partner Console is running without a jobs runner');
