import {
  ERROR_MESSAGES,
  type ErrorCode,
  MESSAGES,
  NOT_FOUND_SUBJECTS,
  type NotFoundSubject,
  notFoundMessage,
} from '@reseau/contracts';

/** The one error type: a stable code, an HTTP status and a French message. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Extra fields of the body that a screen acts on (e.g. `adminAdherentIds`); ids only, never secrets. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/**
 * A refusal that says when to come back: the error handler sends it as `Retry-After`. A 429 with
 * its own code when a screen must tell it apart (`upload_quota_exceeded`).
 */
export class RetryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code: ErrorCode = 'too_many_requests',
  ) {
    super(code, 429, message);
  }
}

export const errors = {
  validation: (errors: Record<string, string[]>, message: string = ERROR_MESSAGES.validation_failed) =>
    new AppError('validation_failed', 400, message, errors),
  unauthenticated: () => new AppError('unauthenticated', 401, ERROR_MESSAGES.unauthenticated),
  forbidden: () => new AppError('forbidden', 403, ERROR_MESSAGES.forbidden),
  /** A 404 naming what is missing: `errors.notFound(NOT_FOUND_SUBJECTS.forumThread)`. */
  notFound: (subject: NotFoundSubject = NOT_FOUND_SUBJECTS.resource) => new AppError('not_found', 404, notFoundMessage(subject)),
  fileNotFound: () => new AppError('not_found', 404, MESSAGES.fileNotFound),
  invalidCredentials: () => new AppError('invalid_credentials', 401, ERROR_MESSAGES.invalid_credentials),
  invalidRefreshToken: () => new AppError('invalid_refresh_token', 400, ERROR_MESSAGES.invalid_refresh_token),
  impersonationNeedsSecondFactor: () =>
    new AppError('impersonation_needs_second_factor', 403, ERROR_MESSAGES.impersonation_needs_second_factor),
  invalidSecondFactor: () => new AppError('invalid_second_factor', 401, ERROR_MESSAGES.invalid_second_factor),
  secondFactorChallengeExpired: () =>
    new AppError('second_factor_challenge_expired', 400, ERROR_MESSAGES.second_factor_challenge_expired),
  invalidToken: () => new AppError('invalid_token', 400, ERROR_MESSAGES.invalid_token),
  conflict: (code: ErrorCode, message: string) => new AppError(code, 409, message),
};
