/**
 * What the log keeps of a failure: never the values a query was sent with, nor anything else
 * the error may carry (a request, its headers, a row). drizzle's DrizzleQueryError puts the
 * parameters both in `params` and in its message ("Failed query: …\nparams: …"), and pg's
 * errors echo row values in `detail` ("Key (email_address)=(…) already exists") and sometimes
 * in their message ('invalid input syntax for type integer: "…"'). Only named, known-safe
 * fields are copied.
 */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  stack?: string;
  cause?: LoggableError;
}

const REDACTED = '[masqué]';
/** Parameters shorter than this (ids, booleans, small numbers) are no secret, and masking them would garble the message. */
const MIN_MASKED_LENGTH = 4;

export function loggableError(error: unknown, params: readonly unknown[] = [], depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED };
  const e = error as Error & Record<string, unknown>;
  const ownParams = Array.isArray(e.params) ? (e.params as unknown[]) : [];
  const allParams = [...params, ...ownParams];
  // drizzle's message is only its query and parameters (PGlite's own errors carry them too).
  const isDrizzleQueryError = e.message.startsWith('Failed query: ');
  const out: LoggableError = {
    type: e.constructor?.name ?? 'Error',
    message: isDrizzleQueryError ? 'Failed query' : mask(e.message, allParams),
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code);
  if (typeof e.query === 'string') out.query = e.query;
  for (const key of ['constraint', 'table', 'column', 'routine'] as const) {
    if (typeof e[key] === 'string') out[key] = e[key] as string;
  }
  if (typeof e.stack === 'string') out.stack = mask(stackFrames(e.stack), allParams);
  if (e.cause !== undefined && depth < 3) out.cause = loggableError(e.cause, allParams, depth + 1);
  return out;
}

/** The stack's frames only: its first line repeats the (unmasked) message. */
function stackFrames(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

function mask(text: string, params: readonly unknown[]): string {
  let masked = text;
  for (const param of params) {
    const value = typeof param === 'string' ? param : param == null ? '' : JSON.stringify(param);
    if (value && value.length >= MIN_MASKED_LENGTH) masked = masked.split(value).join(REDACTED);
  }
  return masked;
}
