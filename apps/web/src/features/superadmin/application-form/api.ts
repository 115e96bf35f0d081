import { ApplicationFormConfig } from '@pc/contract';
import { api, request } from '../../../api/client';
import { adminKeys } from '../keys';

const path = '/superadmin/application-form-config';

export const applicationFormConfigKey = () => [...adminKeys.all, 'application-form-config'] as const;

export const fetchApplicationFormConfig = () => api.get(path, ApplicationFormConfig);

/** Sends what the super-admin typed as it is: the server checks it against the contract and says what is wrong. */
export const saveApplicationFormConfig = (config: unknown) =>
  request(path, { method: 'PUT', body: config, schema: ApplicationFormConfig });
