import {
  SIGNUP_TOKEN_HEADER,
  SignupOtpResponse,
  SignupPageResponse,
  SignupSandboxPhoneResponse,
  SignupSessionResponse,
  StartSignupResponse,
  SubmitFacebookAccessTokenResponse,
  type SignupOtpRequest,
  type SignupTestMessageRequest,
  type StartSignupRequest,
  type EmbeddedSignupSession,
} from '@pc/contract';
import { z } from 'zod';

/*
 * The page's calls are public: a sign-up acts through its own token (x-signup-token), never
 * through a console session. So not the app's client, which adds a signed-in member's
 * Authorization and signs them out on a 401 (here a 401 only means the sign-up's token expired).
 *
 * Nothing here imports the app's api/ modules or the contract's schemas that its early chunk holds
 * (ErrorBody, MessageBody, PartnerLogosResponse): a module shared with this page is split out of
 * the chunk the console loads first, and the console's first load is at its budget.
 */

/** A failed call: status 0 means the server never answered. */
export class SignupCallError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** True when the message came from the server's body. */
  readonly fromServer: boolean;

  constructor(status: number, body: unknown) {
    const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const message = typeof b.message === 'string' ? b.message : '';
    super(message);
    this.name = 'SignupCallError';
    this.status = status;
    this.code = typeof b.code === 'string' ? b.code : status === 0 ? 'NETWORK' : 'UNKNOWN';
    if (typeof b.fields === 'object' && b.fields !== null) this.fields = b.fields as Record<string, string>;
    this.fromServer = message !== '';
  }
}

export const isCallError = (error: unknown): error is SignupCallError => error instanceof SignupCallError;

/** The server's message when it sent one, else the spec's text for the situation. */
export const errorText = (error: unknown, fallback: string): string =>
  isCallError(error) && error.fromServer ? error.message : fallback;

/** As the console's queries: an answer of 4xx will not change on retry; no answer or a 5xx may. */
export const retryQuery = (failureCount: number, error: unknown) =>
  failureCount < 2 && (!isCallError(error) || error.status === 0 || error.status >= 500);

const LogoResponse = z.object({ brandLogoUrl: z.string().nullable() });
const MessageResponse = z.object({ message: z.string() });

type Call<S extends z.ZodType> = { method?: 'GET' | 'POST'; body?: unknown; token?: string; schema: S };

const call = async <S extends z.ZodType>(
  path: string,
  { method = 'GET', body, token, schema }: Call<S>,
): Promise<z.infer<S>> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers[SIGNUP_TOKEN_HEADER] = token;
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new SignupCallError(0, null);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) throw new SignupCallError(response.status, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new SignupCallError(response.status, { code: 'BAD_RESPONSE' });
  }
  return parsed.data;
};

const partnerPath = (partnerId: string, rest: string) => `/api/${encodeURIComponent(partnerId)}/${rest}`;

export const fetchSignupPage = (partnerId: string) =>
  call(partnerPath(partnerId, 'embed/signup'), { schema: SignupPageResponse });

export const fetchPartnerLogo = async (partnerId: string) =>
  (await call(partnerPath(partnerId, 'get-partner-logos'), { schema: LogoResponse })).brandLogoUrl;

export const startSignup = (partnerId: string, body: StartSignupRequest) =>
  call(partnerPath(partnerId, 'embed/signup'), { method: 'POST', body, schema: StartSignupResponse });

/** The login's code and session (Embedded Signup) or its token, as the spec's call takes them. */
export const submitFacebookAccessToken = (
  token: string,
  body: { assistantId: string } & ({ accessToken: string } | { code: string; session: EmbeddedSignupSession }),
) =>
  call('/api/submit-facebook-access-token', {
    method: 'POST',
    token,
    body,
    schema: SubmitFacebookAccessTokenResponse,
  });

export const sendSignupOtp = (token: string, body: SignupOtpRequest) =>
  call('/api/embed/signup/otp', { method: 'POST', token, body, schema: SignupOtpResponse });

export const verifySignupOtp = (token: string, otp: string) =>
  call('/api/embed/signup/verify-otp', { method: 'POST', token, body: { otp }, schema: MessageResponse });

export const sendSignupTestMessage = (token: string, body: SignupTestMessageRequest) =>
  call('/api/embed/signup/test-message', { method: 'POST', token, body, schema: MessageResponse });

export const fetchSignupSession = (token: string) =>
  call('/api/embed/signup/session', { token, schema: SignupSessionResponse });

export const fetchSandboxPhone = (token: string, number: { dialCode: string; mobile: string }) =>
  call(`/api/embed/signup/sandbox-phone?${new URLSearchParams(number).toString()}`, {
    token,
    schema: SignupSandboxPhoneResponse,
  });
