import type { z } from 'zod';
import {
  OWNER_ROLE,
  partnerAccountTexts as texts,
  type CreatePartnerAnswer,
  type CreatePartnerRequest,
  type PartnerAccount,
  type UpdatePartnerRequest,
} from '@pc/contract';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import type { AdminViewer } from '../../platform/auth/viewer.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { uniqueViolationOf } from '../../platform/db/errors.js';
import { newId } from '../../platform/db/ids.js';
import { agents, partnerBalances, partners } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/errors/app-error.js';
import { getAdminPartner } from '../admin/partners.js';
import { recordAudit } from '../audit/record.js';
import { claimSignInNames } from '../auth/sign-in-names.js';
import { lockPartner, type PartnerRow } from '../partners/queries.js';
import { domainTaken, findOwner, lockDomain } from './queries.js';

const domainConflict = () => conflict(texts.domainTaken, { customDomain: texts.domainTaken });
/** Two creates racing for one domain: the unique index settles it, as a 409. */
const domainAsConflict = (error: unknown): never => {
  throw uniqueViolationOf(error) === null ? error : domainConflict();
};

export const getPartnerAccount = async (deps: Deps, id: string): Promise<PartnerAccount> => ({
  ...(await getAdminPartner(deps, id)),
  owner: await findOwner(deps.db, id),
});

/**
 * A new partner and its OWNER, in one transaction with the audit row: the owner signs in at once
 * (an OWNER needs no role row: its access is full). The password is hashed like an agent's and
 * never written to the audit. A partner's country follows its currency (INR: India); USD has none.
 */
export const createPartner = async (
  deps: Deps,
  admin: AdminViewer,
  input: z.output<typeof CreatePartnerRequest>,
): Promise<CreatePartnerAnswer> => {
  const passwordHash = await hashPassword(input.owner.password);
  return deps.db.transaction(async (tx) => {
    const { owner, ...fields } = input;
    if (fields.customDomain) {
      await lockDomain(tx, fields.customDomain);
      if (await domainTaken(tx, fields.customDomain)) throw domainConflict();
    }
    const partner = {
      ...fields,
      brandName: fields.brandName || null,
      customDomain: fields.customDomain || null,
      partnershipRenewalOn: fields.partnershipRenewalOn ?? null,
      isoCode: fields.currency === 'INR' ? 'IN' : null,
    };
    const id = newId();
    await tx
      .insert(partners)
      .values({ id, ...partner })
      .catch(domainAsConflict);
    await tx.insert(partnerBalances).values({ partnerId: id });
    const signIn = { id: newId(), partnerId: id, loginUsername: owner.loginUsername, email: owner.email };
    await claimSignInNames(tx, signIn);
    await tx.insert(agents).values({
      ...signIn,
      name: owner.name,
      displayName: owner.name,
      passwordHash,
      country: partner.isoCode,
      agentRole: OWNER_ROLE,
      power: 2,
    });
    await recordAudit(tx, admin, {
      action: 'partner.create',
      targetKind: 'partner',
      targetId: id,
      partnerId: id,
      after: { ...partner, owner: { name: owner.name, email: owner.email, loginUsername: owner.loginUsername } },
    });
    return { message: texts.created, id };
  });
};

type Editable = keyof z.output<typeof UpdatePartnerRequest>;

/**
 * Changes the fields sent that differ from the partner's, under its row lock, and records them as
 * they were and as they are (only those). A call that changes nothing writes nothing.
 */
export const updatePartner = (
  deps: Deps,
  admin: AdminViewer,
  partnerId: string,
  input: z.output<typeof UpdatePartnerRequest>,
) =>
  deps.db.transaction(async (tx) => {
    const row = await lockPartner(tx, partnerId);
    if (!row) throw notFound();
    const changed = (Object.keys(input) as Editable[]).filter(
      (key) => input[key] !== undefined && (input[key] || null) !== (row[key] || null),
    );
    if (changed.length === 0) return { message: texts.updated };
    const after = Object.fromEntries(changed.map((key) => [key, input[key] ?? null])) as Partial<PartnerRow>;
    if (after.customDomain) {
      await lockDomain(tx, after.customDomain);
      if (await domainTaken(tx, after.customDomain, partnerId)) throw domainConflict();
    }
    await tx.update(partners).set(after).where(eq(partners.id, partnerId)).catch(domainAsConflict);
    await recordAudit(tx, admin, {
      action: 'partner.update',
      targetKind: 'partner',
      targetId: partnerId,
      partnerId,
      before: Object.fromEntries(changed.map((key) => [key, row[key] ?? null])),
      after,
    });
    return { message: texts.updated };
  });
