import { fullAccess, noAccess, OWNER_ROLE, type AccessLevel } from '@pc/contract';
import type { DbOrTx } from '../platform/db/open.js';
import { newId } from '../platform/db/ids.js';
import { agents, partnerBalances, partners, platformAdmins, roles } from '../platform/db/schema.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { postEntry } from '../modules/billing/ledger.js';
import { claimSignInNames } from '../modules/auth/sign-in-names.js';

/** Factories shared by the demo seed and the tests, so both build the same world. */

const hashes = new Map<string, Promise<string>>();
/**
 * Each distinct password of the seeded users hashed once per process: argon2 takes tens of
 * milliseconds a hash, on the thread pool, and the demo's and the tests' users share a handful of
 * passwords. Called ahead of need (the demo's start), the hashes run beside the seed's queries.
 */
export const seedPasswordHash = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

export type PartnerSeed = Partial<typeof partners.$inferInsert> & { centralBalance?: number };

/** A partner; an opening central balance is a ledger entry, like every balance change. */
export const makePartner = async (db: DbOrTx, seed: PartnerSeed = {}) => {
  const { centralBalance = 0, ...rest } = seed;
  const [row] = await db
    .insert(partners)
    .values({ id: newId(), type: 'WHITELABEL', currency: 'INR', name: 'Test Partner', ...rest })
    .returning();
  await db.insert(partnerBalances).values({ partnerId: row!.id });
  if (centralBalance > 0) {
    await postEntry(db, {
      partnerId: row!.id,
      balance: 'CENTRAL',
      action: 'ADD',
      amount: centralBalance,
      reasonCode: 'CENTRAL_BALANCE_RECHARGE',
      message: 'Opening balance',
    });
  }
  return { ...row!, centralBalance };
};

export const makeRole = async (db: DbOrTx, partnerId: string, name: string, accessLevel: AccessLevel) => {
  const [row] = await db.insert(roles).values({ partnerId, name, accessLevel }).returning();
  return row!;
};

export type AgentSeed = {
  partnerId: string;
  userName: string;
  password: string;
  role?: string;
  name?: string;
  email?: string;
  disabled?: boolean;
  isReferral?: boolean;
  contact?: string;
};

export const makeAgent = async (db: DbOrTx, seed: AgentSeed) => {
  const role = seed.role ?? OWNER_ROLE;
  const signIn = {
    id: newId(),
    partnerId: seed.partnerId,
    loginUsername: seed.userName,
    email: seed.email ?? `${seed.userName}@example.com`,
  };
  await claimSignInNames(db, signIn);
  const [row] = await db
    .insert(agents)
    .values({
      ...signIn,
      name: seed.name ?? seed.userName,
      displayName: seed.name ?? seed.userName,
      passwordHash: await seedPasswordHash(seed.password),
      contact: seed.contact ?? '919876543210',
      country: 'IN',
      agentRole: role,
      power: role === OWNER_ROLE ? 2 : 0,
      disabled: seed.disabled ?? false,
      isReferral: seed.isReferral ?? false,
    })
    .returning();
  return row!;
};

export const makeAdmin = async (
  db: DbOrTx,
  seed: { userName: string; password: string; name?: string; email?: string },
) => {
  const [row] = await db
    .insert(platformAdmins)
    .values({
      id: newId(),
      name: seed.name ?? seed.userName,
      email: seed.email ?? `${seed.userName}@example.com`,
      loginUsername: seed.userName,
      passwordHash: await seedPasswordHash(seed.password),
    })
    .returning();
  return row!;
};

/** Read everything, write nothing, and no billings: the demo's read-only role. */
export const readOnlyAccess: AccessLevel = {
  ...noAccess,
  dashboard: { read: true },
  business: { read: true, write: false },
  plans: { read: true, write: false },
  manage: { read: true, write: false },
};

export const managerAccess: AccessLevel = { ...fullAccess, manage: { read: true, write: false } };
