import type { ErrorBody } from '@pc/contract';
import { early } from './early';

/** Every failed call: status 0 means the server never answered (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** True when the message came from the server's body. */
  readonly fromServer: boolean;

  constructor(status: number, body: Partial<ErrorBody> | null) {
    super(body?.message ?? '');
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? (status === 0 ? 'NETWORK' : 'UNKNOWN');
    this.fields = body?.fields;
    this.fromServer = Boolean(body?.message);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's message when it sent one, else the spec's text for the situation. */
export const errorText = (error: unknown, fallback: string): string =>
  isApiError(error) && error.fromServer ? error.message : fallback;

export const isNetworkError = (error: unknown): boolean => isApiError(error) && error.status === 0;

export const parseErrorBody = async (data: unknown): Promise<Partial<ErrorBody> | null> => {
  const parsed = (await early('ErrorBody')()).partial().safeParse(data);
  return parsed.success ? parsed.data : null;
};
