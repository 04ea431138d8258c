import { ERROR_MESSAGES, MESSAGES, REQUEST_MESSAGES } from '@reseau/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseMissingReason, databaseUnavailableReason } from '../db/unavailable.js';
import { AppError, RetryLaterError } from './errors.js';
import { loggableError } from './loggable-error.js';

/** Turns any failure into `{ code, message, errors? }`; 5xx details stay in the log. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.status(error.status).send({ ...error.extra, code: error.code, message: error.message, errors: error.errors });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ||
        '_';
      errors[field] = [...(errors[field] ?? []), issue.message ?? MESSAGES.required];
    }
    const first = Object.values(errors)[0]?.[0];
    return reply.status(400).send({ code: 'validation_failed', message: first ?? REQUEST_MESSAGES.invalid, errors });
  }
  const unavailable = databaseUnavailableReason(error);
  if (unavailable) {
    // Only the reason: the driver's error may quote the query and its parameters. A database
    // renamed or a schema dropped will not come back by itself, an operator must act (error);
    // an outage usually ends by itself (warn).
    if (databaseMissingReason(error)) request.log.error({ reason: unavailable }, 'database unusable');
    else request.log.warn({ reason: unavailable }, 'database unavailable');
    return reply.status(503).send({
      code: 'database_unavailable',
      message: ERROR_MESSAGES.database_unavailable,
    });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.status(429).send({ code: 'too_many_requests', message: ERROR_MESSAGES.too_many_requests });
  }
  if (status === 413) {
    return reply.status(413).send({ code: 'file_too_large', message: ERROR_MESSAGES.file_too_large });
  }
  if (status >= 400 && status < 500) {
    return reply
      .status(status)
      .send({ code: status === 404 ? 'not_found' : 'validation_failed', message: REQUEST_MESSAGES.invalid });
  }
  // Never the error itself (nor under pino's `err` serializer): a failed query carries its parameters.
  request.log.error({ error: loggableError(error) }, 'unhandled error');
  return reply.status(500).send({ code: 'internal_error', message: ERROR_MESSAGES.internal_error });
}
