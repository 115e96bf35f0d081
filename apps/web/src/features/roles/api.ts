import { AllRolesResponse, MessageBody, type AccessLevel } from '@pc/contract';
import { api } from '../../api/client';

export const fetchRoles = () => api.get('/api/get-all-roles', AllRolesResponse);

export const createRole = (name: string, permissionsList: AccessLevel) =>
  api.post('/api/create-role', { name, permissionsList }, MessageBody);

export const editRole = (roleName: string, permissionsList: AccessLevel) =>
  api.post('/api/edit-role', { roleName, permissionsList }, MessageBody);
