import { count } from 'drizzle-orm';
import type { Env } from '../env.js';
import type { Db } from '../platform/db/open.js';
import { partners } from '../platform/db/schema.js';
import { demoSignIns, type SignIn } from './sign-ins.js';

/**
 * The demo seed of a server start (SEED_DEMO): on an empty database only. The seed's modules (the
 * world, its history, the options it is given) are loaded only then: every later start on the
 * same data directory finds the world there and does without them.
 */
export const seedDemoOnStart = async (
  db: Db,
  env: Env,
  now: () => Date,
  /** Told before the seed starts, so that a first start says why it takes a while. */
  onSeeding: () => void = () => {},
): Promise<{ created: boolean; signIns: SignIn[] }> => {
  const [existing] = await db.select({ n: count() }).from(partners);
  if ((existing?.n ?? 0) > 0) return { created: false, signIns: demoSignIns };
  onSeeding();
  const [{ seedDemoIfEmpty }, { demoSeedOptions }] = await Promise.all([
    import('./demo.js'),
    import('./start-options.js'),
  ]);
  return seedDemoIfEmpty(db, demoSeedOptions(env, now));
};
