/**
 * Why a gateway did not take a text, in our words whatever the gateway: the number (the person can
 * correct it), the request or our account with the gateway (ours to fix: credentials, sender,
 * DLT ids, balance), or the gateway itself (a 5xx, a rate limit, no answer: try later).
 */
export type SmsFailure = 'invalid-number' | 'refused' | 'unavailable';

export class SmsError extends Error {
  constructor(
    readonly provider: 'gateway' | 'msg91' | 'twilio',
    readonly failure: SmsFailure,
    /** The gateway's own error code (Twilio's 21211, MSG91's 207...), for the log. */
    readonly code: string | null,
    message: string,
  ) {
    super(`${provider}: ${failure}${code ? ` (${code})` : ''}: ${message}`);
    this.name = 'SmsError';
  }
}

/** The gateway's answer as JSON, or null when it is not JSON (a proxy's HTML error page). */
export const readJson = async (res: Response): Promise<Record<string, unknown> | null> => {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** `fetch`, with no answer at all (a refused connection, the timeout) read as the gateway being unavailable. */
export const callGateway = async (
  provider: SmsError['provider'],
  url: string,
  init: RequestInit,
): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new SmsError(provider, 'unavailable', null, error instanceof Error ? error.message : 'no answer');
  }
};
