import { ApiError, apiErrorOf } from '../lib/api-error';
import { getSession } from '../lib/session';
import { API_BASE, callerHeadersOf } from './early-gets';

/*
 * The transport under the API client (http.ts): URLs, headers, one fetch with its time-out, the
 * answer read. No session refresh (session-refresh.ts) and no early answers (early-answers.ts).
 */

export { API_BASE, REQUEST_TIMEOUT_MS } from './early-gets';
/** Request time-outs (spec 00 §9; the others' in ./early-gets.ts, which the boot script shares). */
export const UPLOAD_TIMEOUT_MS = 60_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData and Blob are sent as they are. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Public calls (sign-in, password reset…) carry no token and never trigger a refresh. */
  anonymous?: boolean;
  /** Uploads get 60 s instead of 10 s. */
  upload?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** `json` (default), `blob` for downloads, `response` for the raw Response. */
  responseType?: 'json' | 'blob' | 'response';
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export function isBodyInit(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorOf(response.status, text, response.statusText);
}

/** One fetch with its time-out; network failures and time-outs become ApiErrors (status 0). */
export async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  outer?.addEventListener('abort', onOuterAbort);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'timeout', 'timeout');
    if (outer?.aborted) throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'network_error');
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  }
}

/** Who calls: the session's bearer token and, when acting as another admin, the impersonation header. */
export function callerHeaders(): Record<string, string> {
  return callerHeadersOf(getSession());
}

export function headersFor(options: RequestOptions, body: unknown): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined && !isBodyInit(body)) headers['content-type'] = 'application/json';
  return options.anonymous ? headers : { ...headers, ...callerHeaders() };
}

export async function parse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (responseType === 'response') return response as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
