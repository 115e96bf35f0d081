import path from 'node:path';
import { readEnv } from './env.js';
import { buildApp } from './app.js';
import { openDatabase } from './platform/db/open.js';
import { migrate } from './platform/db/migrate.js';
import { createTokenService, loadTokenSecret } from './platform/auth/tokens.js';
import { createMailProvider } from './providers/mail/create.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { seedScaleUnderDemo } from './seed/scale.js';
import { startTrafficSimulator } from './modules/charging/simulator.js';

const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrate(database);
const deps = {
  db: database.db,
  env,
  tokens: createTokenService(loadTokenSecret(env.TOKEN_SECRET, env.DATA_DIR)),
  mail: createMailProvider(env, (line) => console.log(line)),
  now: () => new Date(),
};
const seeded = env.seedDemo ? await seedDemoIfEmpty(deps.db) : null;
if (seeded?.created && env.SEED_SCALE_PROJECTS > 0)
  console.log('Scale seed:', await seedScaleUnderDemo(deps.db, env.SEED_SCALE_PROJECTS));
const app = await buildApp(deps, { logger: true });
await app.listen({ port: env.PORT, host: env.HOST });

const shown = `http://localhost:${(app.server.address() as { port: number }).port}`;
console.log(`\nPartner Console is running at ${shown}  (API docs: ${shown}/docs)`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded, in ${path.resolve(env.DATA_DIR)}` : 'PostgreSQL'}`);
if (seeded) {
  console.log(`\nDemo sign-ins (user name / password)${seeded.created ? '' : ', seeded earlier'}:`);
  for (const s of seeded.signIns) console.log(`  ${s.userName.padEnd(9)} / ${s.password.padEnd(12)} ${s.who}`);
}
console.log('');

// The sandbox's message traffic (README, "Charging"): off unless TRAFFIC_SIMULATOR=on.
const stopTraffic = env.TRAFFIC_SIMULATOR
  ? startTrafficSimulator(deps.db, deps.now, env.TRAFFIC_SIMULATOR_INTERVAL_MS, (line) => app.log.info(line))
  : undefined;

const stop = async () => {
  await stopTraffic?.();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
