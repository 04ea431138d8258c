/** Every failure the client reports: the server's `{code, message, errors}` plus the status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]>;
  /** The whole answer body, for a refusal that carries more than its message (e.g. `adminAdherentIds`). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    errors: Record<string, string[]> = {},
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
  }

  /** First server message for a field (validation_failed), if any. */
  fieldMessage(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The ApiError of a failed answer: its `{code, message, errors}` body, or its status alone when not JSON. */
export function apiErrorOf(status: number, text: string, statusText = ''): ApiError {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: keep the status only
  }
  const code = typeof body.code === 'string' ? body.code : `http_${status}`;
  const message = typeof body.message === 'string' ? body.message : statusText;
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string[]>) : {};
  return new ApiError(status, code, message, errors, body);
}
