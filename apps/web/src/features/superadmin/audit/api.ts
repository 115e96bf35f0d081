import { AuditLogResponse, PlatformAdminsResponse, type AuditLogRequest } from '@pc/contract';
import { api } from '../../../api/client';

export const fetchAuditLog = (body: AuditLogRequest) => api.post('/superadmin/audit-log', body, AuditLogResponse);

export const fetchAdmins = () => api.get('/superadmin/admins', PlatformAdminsResponse);
