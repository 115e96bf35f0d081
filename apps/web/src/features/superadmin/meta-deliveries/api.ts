import { MetaDeliveriesResponse } from '@pc/contract';
import { api } from '../../../api/client';

export const fetchMetaDeliveries = () => api.get('/superadmin/meta-deliveries', MetaDeliveriesResponse);
