import { eq } from 'drizzle-orm';
import { ApplicationFormConfig, defaultApplicationFormConfigAt } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { platformSettings } from '../../platform/db/schema.js';

export const APPLICATION_FORM_KEY = 'application_form';

/** The form's configuration: the super-admin's, or the default (its media on this server) while none is saved. */
export const applicationFormConfig = async (db: DbOrTx, publicUrl: string): Promise<ApplicationFormConfig> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, APPLICATION_FORM_KEY));
  // A saved value was checked when saved; one that no longer fits the schema (it changed) reads as the default.
  return ApplicationFormConfig.safeParse(row?.value).data ?? defaultApplicationFormConfigAt(publicUrl);
};

export const saveApplicationFormConfig = async (db: DbOrTx, config: ApplicationFormConfig, now: Date) => {
  await db
    .insert(platformSettings)
    .values({ key: APPLICATION_FORM_KEY, value: config, updatedAt: now, updatedBy: 'superadmin' })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: config, updatedAt: now } });
  return config;
};
