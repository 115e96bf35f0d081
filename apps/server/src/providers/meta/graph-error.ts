/**
 * Meta's error envelope, as every Graph API call answers a refusal (Meta's "WhatsApp error codes"
 * page, https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/,
 * and the Graph API's error handling guide):
 * `{ error: { message, type, code, error_subcode, error_user_title, error_user_msg, error_data: {
 * messaging_product, details }, fbtrace_id } }`. Meta says to act on `code` and `details`.
 */
export type MetaErrorEnvelope = {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    error_data?: { messaging_product?: string; details?: string };
    fbtrace_id?: string;
  };
};

/** A refusal of Meta's, live or the sandbox's: what the console shows and keeps of it. */
export class MetaApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number | undefined,
    readonly subcode: number | undefined,
    message: string,
    readonly userTitle?: string,
    /** What Meta says to the user: `error_user_msg`, else the Cloud API's `error_data.details`. */
    readonly userMessage?: string,
    /** Meta's `fbtrace_id`: what Meta's support asks for. */
    readonly traceId?: string,
  ) {
    super(message);
  }
}

/** The envelope of a Graph API answer read as a MetaApiError. */
export const metaApiErrorOf = (httpStatus: number, body: unknown): MetaApiError => {
  const e = (body as MetaErrorEnvelope | null)?.error;
  return new MetaApiError(
    httpStatus,
    e?.code,
    e?.error_subcode,
    e?.message ?? `The Graph API answered HTTP ${httpStatus}`,
    e?.error_user_title,
    e?.error_user_msg ?? e?.error_data?.details,
    e?.fbtrace_id,
  );
};

/**
 * A refusal as Meta sends it over the wire: what the sandbox's refusals would be as HTTP answers
 * (its conformance tests serve them to the live clients, which must read back the same refusal).
 */
export const metaErrorEnvelope = (
  e: MetaApiError,
): { status: number; json: Required<Pick<MetaErrorEnvelope, 'error'>> } => ({
  status: e.httpStatus,
  json: {
    error: {
      message: e.message,
      type: 'OAuthException',
      code: e.code,
      ...(e.subcode !== undefined ? { error_subcode: e.subcode } : {}),
      ...(e.userTitle !== undefined ? { error_user_title: e.userTitle } : {}),
      ...(e.userMessage !== undefined ? { error_data: { messaging_product: 'whatsapp', details: e.userMessage } } : {}),
      ...(e.traceId !== undefined ? { fbtrace_id: e.traceId } : {}),
    },
  },
});
