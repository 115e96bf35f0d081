import { FetchPartnerAgentsResponse, MessageBody, type CreatePartnerAgentForm } from '@pc/contract';
import { api } from '../../api/client';

export const fetchAgents = (partnerId: string) =>
  api.post('/api/fetch-partner-agents', { partnerId }, FetchPartnerAgentsResponse);

export const createAgent = (body: CreatePartnerAgentForm) => api.post('/api/create-partner-agent', body, MessageBody);

export const disableAgent = (agentId: string) => api.post('/api/disable-partner-agent', { agentId }, MessageBody);

export const modifyAgentRole = (agentId: string, role: string) =>
  api.post('/api/modify-partner-agent', { agentId, role }, MessageBody);
