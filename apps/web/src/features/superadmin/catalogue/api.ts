import { ProviderCatalogue, UpdateCatalogueAnswer, type UpdateCatalogueRequest } from '@pc/contract';
import { api } from '../../../api/client';

export const fetchCatalogue = () => api.get('/superadmin/catalogue', ProviderCatalogue);

export const updateCatalogue = (body: UpdateCatalogueRequest) =>
  api.patch('/superadmin/catalogue', body, UpdateCatalogueAnswer);
