/** The one error type of the server; the error mapper turns it into { message, code, fields? }. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After: when a refused client may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', 400, message, fields);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', 404, message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
export const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', 401, message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', 409, message, fields);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError('TOO_MANY_REQUESTS', 429, message, undefined, retryAfterSeconds);
