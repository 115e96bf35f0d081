import { DEFAULT_TIMEZONE } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { businesses, projects } from '../platform/db/schema.js';
import { postEntry } from '../modules/billing/ledger.js';
import { seedPasswordHash } from './factories.js';
import { enterInDirectory } from '../platform/db/directory.js';

export type BusinessSeed = Partial<typeof businesses.$inferInsert> & {
  partnerId: string;
  displayName: string;
  password?: string;
};

export const makeBusiness = async (db: DbOrTx, seed: BusinessSeed) => {
  const { password, ...rest } = seed;
  const slug = seed.displayName.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const [row] = await db
    .insert(businesses)
    .values({
      id: newId(),
      company: seed.displayName,
      email: `${slug}@client.example`,
      contact: '919800000000',
      timezone: DEFAULT_TIMEZONE,
      currency: 'INR',
      countryCode: '+91',
      companySize: '10 - 20',
      industry: 'Other',
      passwordHash: password ? await seedPasswordHash(password) : null,
      ...rest,
    })
    .returning();
  return row!;
};

export type ProjectSeed = Partial<typeof projects.$inferInsert> & {
  partnerId: string;
  businessId: string;
  name: string;
  openingCredit?: number;
};

/** A project; opening WCC credit is a ledger entry (TRIAL_CREDIT), like every credit change. */
export const makeProject = async (db: DbOrTx, seed: ProjectSeed) => {
  const { openingCredit, ...rest } = seed;
  const [row] = await db
    .insert(projects)
    .values({ id: newId(), currency: 'INR', ...rest, templateCredit: 0 })
    .returning();
  await enterInDirectory(db, [{ id: row!.id, kind: 'project', partnerId: row!.partnerId }]);
  if (openingCredit) {
    await postEntry(db, {
      partnerId: seed.partnerId,
      projectId: row!.id,
      businessId: seed.businessId,
      projectName: seed.name,
      balance: 'WCC',
      action: 'ADD',
      amount: openingCredit,
      reasonCode: 'TRIAL_CREDIT',
      message: 'Opening credit',
    });
  }
  return { ...row!, templateCredit: openingCredit ?? 0 };
};

/** `count` projects named "`prefix` 0", "`prefix` 1"…, made together (tests that need many alike). */
export const makeProjects = (db: DbOrTx, count: number, prefix: string, seed: Omit<ProjectSeed, 'name'>) =>
  Promise.all(Array.from({ length: count }, (_, i) => makeProject(db, { ...seed, name: `${prefix} ${i}` })));
