import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@pc/contract';
import { isDatabaseUnavailable } from '../db/errors.js';
import { multipartProblem } from '../http/multipart.js';
import { AppError } from './app-error.js';

const GENERIC = 'Something went wrong. Please try again.';
export const DATABASE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a few seconds.';

/** One mapper: AppError -> its status; validation -> 400 with the schema's message; anything else -> logged 500. */
export const registerErrorMapper = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        message: error.message,
        code: error.code,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.httpStatus).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = error.validation[0];
      // A missing or non-object body has no field to blame: say so rather than "expected object".
      const wholeBody = first?.instancePath === '/' && first.keyword === 'invalid_type';
      const message = wholeBody
        ? `The ${error.validationContext ?? 'request'} must be a JSON object.`
        : (first?.message ?? 'Invalid request.');
      return reply.status(400).send({ message, code: 'VALIDATION', fields } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: GENERIC, code: 'INTERNAL' } satisfies ErrorBody);
    }
    // A malformed multipart form is the client's, whichever route's reader met it (busboy's errors have no status).
    const badForm = multipartProblem(error);
    if (badForm) return reply.status(400).send({ message: badForm, code: 'MALFORMED_FORM' } satisfies ErrorBody);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply
        .status(status === 415 ? 400 : status)
        .send({ message: error.message, code: error.code ?? 'BAD_REQUEST' } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC, code: 'INTERNAL' } satisfies ErrorBody);
  });
};
