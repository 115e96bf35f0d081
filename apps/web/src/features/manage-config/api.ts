import { UpdatePartnerConfigResponse, type UpdatePartnerConfigRequest } from '@pc/contract';
import { api } from '../../api/client';

export const updatePartnerConfig = (body: UpdatePartnerConfigRequest) =>
  api.patch('/api/update-partner-config', body, UpdatePartnerConfigResponse);
