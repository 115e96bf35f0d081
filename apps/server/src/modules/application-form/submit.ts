import { and, eq } from 'drizzle-orm';
import {
  applicationFormSubmitted,
  type ApiFormDetails,
  type ApplicationForm,
  type SubmitApplicationFormResponse,
} from '@pc/contract';
import type { Deps } from '../../deps.js';
import type { AgentViewer } from '../../platform/auth/viewer.js';
import { partners, projects } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/errors/app-error.js';
import { recordPartnerChange } from '../activity/record.js';
import { changedFields } from '../audit/changed.js';
import { applicationFormConfig } from './config.js';

export const notTheFormMethod = "The application form is not this partner's onboarding method.";

/**
 * The application form's submission (doc 2 section 7.8 does not show the call; ours: the form is
 * sent whole once step 4 validates). Kept on the project as `apiFormDetails` with when and the
 * configuration's sample media, replacing an earlier one. Only for a partner whose onboarding
 * method is the form, on its own project that is not archived. The activity log's entry holds the
 * form's sections that differ from the earlier submission (all of them the first time).
 */
export const submitApplicationForm = async (
  deps: Deps,
  viewer: AgentViewer,
  projectId: string,
  form: ApplicationForm,
): Promise<SubmitApplicationFormResponse> => {
  const { partnerId } = viewer;
  const [partner] = await deps.db
    .select({ method: partners.onboardingMethod })
    .from(partners)
    .where(eq(partners.id, partnerId));
  const [project] = await deps.db
    .select({
      id: projects.id,
      name: projects.name,
      archived: projects.partnerArchived,
      apiFormDetails: projects.apiFormDetails,
    })
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
  await deps.db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ apiFormDetails })
      .where(and(eq(projects.partnerId, partnerId), eq(projects.id, projectId)));
    const sections = ({ sampleMedia: _media, ...rest }: Record<string, unknown>) => rest;
    const change = changedFields(sections(project.apiFormDetails ?? { submittedAt: null }), sections(apiFormDetails));
    await recordPartnerChange(tx, viewer, {
      action: 'project.application-form',
      target: { kind: 'project', id: project.id, name: project.name },
      before: project.apiFormDetails ? change.before : null,
      after: change.after,
    });
  });
  return { message: applicationFormSubmitted, apiFormDetails };
};
