import { ProviderAddonPlansResponse, UpdateAddonPlanAnswer, type UpdateAddonPlanRequest } from '@pc/contract';
import { api } from '../../api/client';

export const fetchProviderAddonPlans = async () =>
  (await api.get('/api/aisensy-addon-plans', ProviderAddonPlansResponse)).aisensyAddonPlans;
export const updateAddonPlan = (body: UpdateAddonPlanRequest) =>
  api.post('/api/update-addon-plan', body, UpdateAddonPlanAnswer);
