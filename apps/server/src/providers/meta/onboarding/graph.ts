import { HealthState } from '@pc/contract';
import type { MetaOnboardingProvider, ProviderHealth } from './onboarding.js';
import { metaApiErrorOf } from '../graph-error.js';

/**
 * The real number onboarding client (META_MODE=live): the Cloud API's `request_code`,
 * `verify_code`, `register`, `health_status` and the credit line's sharing with the system user's
 * token; `subscribed_apps` with the client's business token. Meta's error envelope
 * becomes a MetaApiError with its code, subcode and trace id.
 */

export type GraphOnboardingOptions = { graphUrl: string; token: string };

const TIMEOUT_MS = 15_000;

type GraphHealth = {
  health_status?: {
    can_send_message?: string;
    entities?: {
      entity_type?: string;
      id?: string;
      can_send_message?: string;
      errors?: { error_code?: number; error_description?: string; possible_solution?: string }[];
    }[];
  };
};

/** Meta's word for a state; one this console does not know reads as the worst, never as fine. */
const stateOf = (v: unknown): HealthState => HealthState.safeParse(v).data ?? 'BLOCKED';

export const healthOf = (body: GraphHealth): ProviderHealth => ({
  canSendMessage: stateOf(body.health_status?.can_send_message),
  entities: (body.health_status?.entities ?? []).map((e) => ({
    type: e.entity_type ?? 'UNKNOWN',
    id: String(e.id ?? ''),
    canSendMessage: stateOf(e.can_send_message),
    errors: (e.errors ?? []).map((x) => ({
      code: x.error_code ?? 0,
      description: x.error_description ?? '',
      solution: x.possible_solution ?? null,
    })),
  })),
});

export const createGraphMetaOnboarding = (o: GraphOnboardingOptions): MetaOnboardingProvider => {
  const base = o.graphUrl.replace(/\/$/, '');
  const call = async <T>(path: string, body?: Record<string, string>, token = o.token): Promise<T> => {
    const res = await fetch(`${base}/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.json().catch(() => null)) as (T & { error?: unknown }) | null;
    if (!res.ok || !answer || answer.error) throw metaApiErrorOf(res.status, answer);
    return answer;
  };
  const number = (id: string) => encodeURIComponent(id);
  return {
    mode: 'live',
    requestCode: async (id, method) => {
      await call(`${number(id)}/request_code`, { code_method: method, language: 'en_US' });
    },
    verifyCode: async (id, code) => {
      await call(`${number(id)}/verify_code`, { code });
    },
    register: async (id, pin) => {
      await call(`${number(id)}/register`, { messaging_product: 'whatsapp', pin });
    },
    health: async (id) => healthOf(await call<GraphHealth>(`${number(id)}?fields=health_status`)),
    subscribeApp: async (wabaId, businessToken) => {
      await call(`${number(wabaId)}/subscribed_apps`, {}, businessToken);
    },
    shareCreditLine: async (creditLineId, wabaId, currency) => {
      const query = new URLSearchParams({ waba_currency: currency, waba_id: wabaId }).toString();
      const answer = await call<{ allocation_config_id?: string }>(
        `${number(creditLineId)}/whatsapp_credit_sharing_and_attach?${query}`,
        {},
      );
      return String(answer.allocation_config_id ?? '');
    },
  };
};
