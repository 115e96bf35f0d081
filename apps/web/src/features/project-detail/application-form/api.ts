import { ApplicationFormConfig, SubmitApplicationFormResponse, type ApplicationForm } from '@pc/contract';
import { api } from '../../../api/client';

export const fetchApplicationFormConfig = (partnerId: string) =>
  api.get(`/partner/${partnerId}/application-form-config`, ApplicationFormConfig);

export const submitApplicationForm = (partnerId: string, projectId: string, form: ApplicationForm) =>
  api.post(
    `/partner/${partnerId}/project/${encodeURIComponent(projectId)}/application-form`,
    form,
    SubmitApplicationFormResponse,
  );
