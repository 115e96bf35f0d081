import {
  OnboardingOutcome,
  OnboardingState,
  SandboxPhone,
  type CodeMethod,
  type RegisterWithPinRequest,
} from '@pc/contract';
import { api } from '../../../api/client';

/** The troubleshooting wizard's calls (doc 2 section 7.4) and the onboarding state behind it. */

export const fetchOnboarding = (partnerId: string, projectId: string) =>
  api.get(`/partner/${partnerId}/onboarding/${encodeURIComponent(projectId)}`, OnboardingState);

export const registerWithPin = (partnerId: string, body: RegisterWithPinRequest) =>
  api.post(`/partner/${partnerId}/register-with-pin`, body, OnboardingOutcome);

// The spec's client sends this one to the literal placeholder path; the server reads it as the session's partner.
export const triggerCode = (assistantId: string, mode: CodeMethod) =>
  api.post('/partner/:partnerId/trigger-code', { assistantId, mode }, OnboardingOutcome);

export const verifyCode = (partnerId: string, assistantId: string, verifyCode: string) =>
  api.post(`/partner/${partnerId}/verify-code`, { assistantId, verifyCode }, OnboardingOutcome);

export const healthCheck = (partnerId: string, assistantId: string, of: 'account' | 'number') =>
  api.post(
    `/partner/${partnerId}/${of === 'account' ? 'waba-app-id-health-check' : 'waba-number-id-health-check'}`,
    { assistantId },
    OnboardingOutcome,
  );

export const fetchSandboxPhone = (partnerId: string, projectId: string) =>
  api.get(`/partner/${partnerId}/sandbox-phone/${encodeURIComponent(projectId)}`, SandboxPhone);

export const turnOffTwoStep = (partnerId: string, projectId: string) =>
  api.post(`/partner/${partnerId}/sandbox-phone/${encodeURIComponent(projectId)}/turn-off-two-step`, {}, SandboxPhone);
