import { type ErrorCode, MESSAGES } from '@reseau/contracts';

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
  validation: (errors: Record<string, string[]>, message = 'Certaines informations sont invalides.') =>
    new AppError('validation_failed', 400, message, errors),
  unauthenticated: () => new AppError('unauthenticated', 401, 'Veuillez vous connecter.'),
  forbidden: () => new AppError('forbidden', 403, MESSAGES.forbidden),
  notFound: (what = 'La ressource demandée') => new AppError('not_found', 404, `${what} est introuvable.`),
  fileNotFound: () => new AppError('not_found', 404, MESSAGES.fileNotFound),
  invalidCredentials: () => new AppError('invalid_credentials', 401, MESSAGES.invalidLogin),
  invalidRefreshToken: () => new AppError('invalid_refresh_token', 400, 'Votre session a expiré, veuillez vous reconnecter.'),
  invalidToken: () => new AppError('invalid_token', 400, 'Ce lien est invalide ou a expiré.'),
  conflict: (code: ErrorCode, message: string) => new AppError(code, 409, message),
};
