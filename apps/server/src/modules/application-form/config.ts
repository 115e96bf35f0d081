import { eq } from 'drizzle-orm';
import { ApplicationFormConfig, defaultApplicationFormConfig } from '@pc/contract';
import type { DbOrTx } from '../../platform/db/open.js';
import { platformSettings } from '../../platform/db/schema.js';

export const APPLICATION_FORM_KEY = 'application_form';

/**
 * The contract's default with its sample media on this server (`/samples/...`, app.ts). The schema
 * takes only absolute URLs, rightly: the media go out with the form to whoever reviews it, where a
 * path means nothing. So the default's URLs keep their paths and take this server's public address
 * in place of the placeholder host, rather than the schema loosening to relative paths.
 */
export const defaultConfigAt = (publicUrl: string): ApplicationFormConfig => {
  const here = (url: string) => `${publicUrl}${new URL(url).pathname}`;
  const { image, video, document } = defaultApplicationFormConfig.sampleMedia;
  return {
    ...defaultApplicationFormConfig,
    sampleMedia: { image: here(image), video: here(video), document: here(document) },
  };
};

/** The form's configuration: the super-admin's, or the default (its media on this server) while none is saved. */
export const applicationFormConfig = async (db: DbOrTx, publicUrl: string): Promise<ApplicationFormConfig> => {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, APPLICATION_FORM_KEY));
  // A saved value was checked when saved; one that no longer fits the schema (it changed) reads as the default.
  return ApplicationFormConfig.safeParse(row?.value).data ?? defaultConfigAt(publicUrl);
};

export const saveApplicationFormConfig = async (db: DbOrTx, config: ApplicationFormConfig, now: Date) => {
  await db
    .insert(platformSettings)
    .values({ key: APPLICATION_FORM_KEY, value: config, updatedAt: now, updatedBy: 'superadmin' })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: config, updatedAt: now } });
  return config;
};
