import type { CodeMethod, HealthState } from '@pc/contract';

/** An entity of Meta's `health_status`, with its errors (error_code, error_description, possible_solution). */
export type ProviderHealthEntity = {
  type: string;
  id: string;
  canSendMessage: HealthState;
  errors: { code: number; description: string; solution: string | null }[];
};
export type ProviderHealth = { canSendMessage: HealthState; entities: ProviderHealthEntity[] };

/**
 * The number side of Meta's onboarding (ARCHITECTURE rules 8 and 15): the sandbox by default, the
 * Graph API when META_MODE=live. Each call throws MetaApiError as Meta refuses, with its code,
 * subcode and trace id (doc 2 section 8), or a network error.
 */
export type MetaOnboardingProvider = {
  mode: 'sandbox' | 'live';
  /** `POST /{phone-number-id}/request_code`: a 6-digit code to the number by SMS or voice call. */
  requestCode: (phoneNumberId: string, method: CodeMethod) => Promise<void>;
  /** `POST /{phone-number-id}/verify_code`. */
  verifyCode: (phoneNumberId: string, code: string) => Promise<void>;
  /** `POST /{phone-number-id}/register` with the two-step verification PIN it sets (or must match). */
  register: (phoneNumberId: string, pin: string) => Promise<void>;
  /** `GET /{id}?fields=health_status` of a phone number or a WhatsApp Business Account. */
  health: (id: string, of: 'number' | 'account') => Promise<ProviderHealth>;
  /**
   * `POST /{waba-id}/subscribed_apps` with the client's business token: Meta then sends the
   * account's webhooks to the app (Embedded Signup's onboarding, step 2). Subscribing again is harmless.
   */
  subscribeApp: (wabaId: string, businessToken: string) => Promise<void>;
  /**
   * A Solution Partner's credit line shared with the client's account and attached to it: `POST
   * /{extended-credit-line-id}/whatsapp_credit_sharing_and_attach?waba_currency&waba_id` with the
   * system user's token. Answers Meta's `allocation_config_id`.
   */
  shareCreditLine: (creditLineId: string, wabaId: string, currency: string) => Promise<string>;
};
