import { eq, sql } from 'drizzle-orm';
import { ApplicationFormConfig, defaultApplicationFormConfigAt } from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../platform/db/open.js';
import { changedFields } from '../audit/changed.js';
import { recordAudit, type AuditAdmin } from '../audit/record.js';
import { platformSettings } from '../../platform/db/schema.js';

export const APPLICATION_FORM_KEY = 'application_form';

/** The form's configuration: the super-admin's, or the default (its media on this server) while none is saved. */
export const applicationFormConfig = async (db: DbOrTx, publicUrl: string): Promise<ApplicationFormConfig> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, APPLICATION_FORM_KEY));
  // A saved value was checked when saved; one that no longer fits the schema (it changed) reads as the default.
  return ApplicationFormConfig.safeParse(row?.value).data ?? defaultApplicationFormConfigAt(publicUrl);
};

/**
 * Saves the super-admin's configuration with its audit row ('application-form.update': the
 * top-level parts that changed, as they were and as they are). Saves take turns (a transaction
 * lock), so each audit row's "before" is what the previous save left.
 */
export const saveApplicationFormConfig = (deps: Deps, admin: AuditAdmin, config: ApplicationFormConfig) =>
  deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('application_form_config'))`);
    const before = await applicationFormConfig(tx, deps.env.publicUrl);
    const now = deps.now();
    await tx
      .insert(platformSettings)
      .values({ key: APPLICATION_FORM_KEY, value: config, updatedAt: now, updatedBy: admin.adminId })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: config, updatedAt: now, updatedBy: admin.adminId },
      });
    const changed = changedFields(before, config);
    if (changed.keys.length > 0)
      await recordAudit(tx, admin, {
        action: 'application-form.update',
        targetKind: 'settings',
        targetId: APPLICATION_FORM_KEY,
        before: changed.before,
        after: changed.after,
      });
    return config;
  });
