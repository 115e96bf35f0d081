import { and, eq } from 'drizzle-orm';
import {
  applicationFormSubmitted,
  type ApiFormDetails,
  type ApplicationForm,
  type SubmitApplicationFormResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import { partners, projects } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { applicationFormConfig } from './config.js';

export const notTheFormMethod = "The application form is not this partner's onboarding method.";

/**
 * The application form's submission (doc 2 section 7.8 does not show the call; ours: the form is
 * sent whole once step 4 validates). Kept on the project as `apiFormDetails` with when and the
 * configuration's sample media, replacing an earlier one. Only for a partner whose onboarding
 * method is the form, on its own project that is not archived.
 */
export const submitApplicationForm = async (
  deps: Deps,
  partnerId: string,
  projectId: string,
  form: ApplicationForm,
): Promise<SubmitApplicationFormResponse> => {
  const [partner] = await deps.db
    .select({ method: partners.onboardingMethod })
    .from(partners)
    .where(eq(partners.id, partnerId));
  const [project] = await deps.db
    .select({ id: projects.id, archived: projects.partnerArchived })
    .from(projects)
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  if (!project || project.archived) throw notFound('Project not found.');
  if (partner?.method !== 'WHATSAPP_API_FORM') throw forbidden(notTheFormMethod);
  const config = await applicationFormConfig(deps.db, deps.env.publicUrl);
  const apiFormDetails: ApiFormDetails = {
    ...form,
    submittedAt: deps.now().toISOString(),
    sampleMedia: config.sampleMedia,
  };
  await deps.db
    .update(projects)
    .set({ apiFormDetails })
    .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
  return { message: applicationFormSubmitted, apiFormDetails };
};
