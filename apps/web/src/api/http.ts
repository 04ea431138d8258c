import { IMPERSONATION_HEADER } from '@reseau/contracts/constants/permissions';
import { ApiError, apiErrorOf } from '../lib/api-error';
import { areaOfPath, currentLocation, loginPath, navigateTo } from '../lib/navigation';
import { clearSession, getSession, setTokens } from '../lib/session';

/** Request time-outs (spec 00 §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 60_000;
export const API_BASE = '/api';

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

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

function isBodyInit(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    typeof body === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  return apiErrorOf(response.status, text, response.statusText);
}

/** One fetch with its time-out; network failures and time-outs become ApiErrors (status 0). */
async function send(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
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

let refreshing: Promise<'refreshed' | 'refused' | 'failed'> | null = null;

/** POST /auth/refresh once, shared by every request that got a 401 meanwhile. */
function refreshTokens(): Promise<'refreshed' | 'refused' | 'failed'> {
  refreshing ??= (async () => {
    const refreshToken = getSession().refreshToken;
    if (!refreshToken) return 'refused';
    try {
      const response = await send(
        buildUrl('/auth/refresh'),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken }),
        },
        REQUEST_TIMEOUT_MS,
      );
      if (response.ok) {
        const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
        setTokens(tokens);
        return 'refreshed';
      }
      // 400 (or 401): the refresh token is dead; any other answer is passed on as it is.
      return response.status === 400 || response.status === 401 ? 'refused' : 'failed';
    } catch {
      return 'failed';
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Renews the session's tokens now, as a 401 would (spec 03 §7: personal info tries the refresh
 * again at load, so an address changed through a mailed link, or by the agency, shows at once). A
 * refused refresh ends the session; a failed one (network) leaves it as it is.
 */
export async function renewSession(): Promise<void> {
  if ((await refreshTokens()) === 'refused') endSession();
}

/** The session is over: clear it and send the user to their area's login, remembering where they were. */
function endSession() {
  const origin = currentLocation();
  const area = areaOfPath(origin);
  clearSession();
  navigateTo(loginPath(area, origin), { replace: true });
}

/** Who calls: the session's bearer token and, when acting as another admin, the impersonation header. */
export function callerHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const session = getSession();
  if (session.accessToken) headers.authorization = `Bearer ${session.accessToken}`;
  if (session.impersonation) headers[IMPERSONATION_HEADER] = String(session.impersonation.id);
  return headers;
}

function headersFor(options: RequestOptions, body: unknown): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined && !isBodyInit(body)) headers['content-type'] = 'application/json';
  return options.anonymous ? headers : { ...headers, ...callerHeaders() };
}

/**
 * After a 401 to a call sent with `sentAuthorization`: `refreshed` (send it again), `refused` (the
 * session is over: it has been ended) or `failed` (the refresh could not be made: pass the 401 on).
 */
export async function renewAfter401(sentAuthorization: string): Promise<'refreshed' | 'refused' | 'failed'> {
  // Another call may already have refreshed while this one was in flight.
  const current = getSession().accessToken;
  const alreadyRefreshed = current && sentAuthorization !== `Bearer ${current}`;
  const outcome = !current ? 'refused' : alreadyRefreshed ? 'refreshed' : await refreshTokens();
  if (outcome === 'refused' && getSession().accessToken) endSession();
  return outcome;
}

async function parse<T>(response: Response, responseType: RequestOptions['responseType']): Promise<T> {
  if (responseType === 'response') return response as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * GETs started before their screen asks for them: a route's loader starts its screen's first
 * requests (app/first-requests.ts) while the screen's code is still on its way, and the screen's
 * own call takes the answer instead of sending the request again. An answer is taken once, by a
 * call with the very same URL and caller (token, impersonation), within EARLY_TTL_MS, and before
 * any write; a failed one is no answer (the call goes out as usual). A successful answer is read
 * as it lands, so that a screen whose code comes after it renders it at once (earlyAnswer).
 */
interface EarlyGet {
  caller: string;
  at: number;
  response: Promise<Response | null>;
  /** The JSON body of a 200, once read. */
  answer?: unknown;
  /** Settles once the answer has been read, or there is none to read. */
  read: Promise<void>;
}
const early = new Map<string, EarlyGet>();
const EARLY_TTL_MS = 10_000;
const callerKey = (headers: Record<string, string>) => `${headers.authorization ?? ''}|${headers[IMPERSONATION_HEADER] ?? ''}`;

/**
 * Starts `GET path` (its query included) now, for the screen about to ask for it. Settles once its
 * answer has been read, or there is none to read (signed out, an error). Signed-out, it does nothing.
 */
export function startEarly(path: string): Promise<void> {
  const url = buildUrl(path);
  const headers = headersFor({}, undefined);
  const started = early.get(url);
  if (started) return started.read;
  if (!headers.authorization) return Promise.resolve();
  const response = send(url, { method: 'GET', headers }, REQUEST_TIMEOUT_MS).catch(() => null);
  const entry: EarlyGet = { caller: callerKey(headers), at: Date.now(), response, read: Promise.resolve() };
  // A copy of the body is read: the response itself stays whole for a call that takes it first.
  entry.read = response
    .then(async (answer) => {
      if (answer?.status === 200) entry.answer = await answer.clone().json();
    })
    .catch(() => {});
  early.set(url, entry);
  return entry.read;
}

/** The early GET of `url` that a call by `headers`' caller may take, taken; or nothing. */
function takeEntry(url: string, headers: Record<string, string>, when: (entry: EarlyGet) => boolean): EarlyGet | null {
  const found = early.get(url);
  if (!found || !when(found)) return null;
  early.delete(url);
  return found.caller === callerKey(headers) && Date.now() - found.at <= EARLY_TTL_MS ? found : null;
}

function takeEarly(url: string, headers: Record<string, string>): Promise<Response | null> | null {
  return takeEntry(url, headers, () => true)?.response ?? null;
}

/**
 * The answer of `GET path` if its early request has come back with it, taken (as a call would
 * take it); otherwise nothing, and the early request stays for the call. A query's first data:
 * the screen shows it in its first render, instead of a loader then a second render a task later.
 */
export function earlyAnswer<T>(path: string, query?: RequestOptions['query']): T | undefined {
  const taken = takeEntry(buildUrl(path, query), headersFor({}, undefined), (entry) => entry.answer !== undefined);
  return taken?.answer as T | undefined;
}

/**
 * The `queryFn` and `initialData` of a landing screen's content query on `GET path`, which its
 * route starts early: `read` turns the answer into the query's data, for both. Only the content
 * takes its answer this way: the frame's queries (permissions, agencies, the bell) resolve a task
 * later, so that their render (the menu, the agency switch: the larger one) comes after the
 * content's first paint instead of before it (measured on the phone profile, decisions.md).
 */
export function landingGet<Answer, Data = Answer>(
  path: string,
  query?: RequestOptions['query'],
  read: (answer: Answer) => Data = (answer) => answer as unknown as Data,
) {
  return {
    queryFn: async () => read(await api.get<Answer>(path, { query })),
    initialData: () => {
      const answer = earlyAnswer<Answer>(path, query);
      return answer === undefined ? undefined : read(answer);
    },
  };
}

/** Drops every early GET not taken yet (each test starts without any). */
export function forgetEarly(): void {
  early.clear();
}

/** Settles once every early GET not taken yet has come back and been read (for tests). */
export async function earlyAnswersRead(): Promise<void> {
  await Promise.all([...early.values()].map((entry) => entry.read));
}

/** The early GETs no call has taken yet (a screen's tests check that it takes what its route starts). */
export function untakenEarly(): string[] {
  return [...early.keys()];
}

/**
 * Calls the API. A 401 triggers one refresh (shared by concurrent calls) and one retry;
 * a refresh refused with 400 ends the session. Errors come out as ApiError.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, method = body === undefined ? 'GET' : 'POST' } = options;
  const url = buildUrl(path, options.query);
  const timeoutMs = options.timeoutMs ?? (options.upload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const payload = body === undefined ? undefined : isBodyInit(body) ? body : JSON.stringify(body);

  // A write may change what an early answer says: none of them is taken after it.
  if (method !== 'GET') early.clear();
  const attempt = (first = false) => {
    const headers = headersFor(options, body);
    const sendNow = () => send(url, { method, headers, body: payload }, timeoutMs, options.signal);
    const taken = first && method === 'GET' && !options.anonymous ? takeEarly(url, headers) : null;
    return { token: headers.authorization, response: taken ? taken.then((answer) => answer ?? sendNow()) : sendNow() };
  };

  let { token, response: pending } = attempt(true);
  let response = await pending;

  // A 401 to a call that carried a token: one refresh, one retry. Without a token (signed out
  // meanwhile, e.g. a call still in flight at logout) there is no session to save.
  if (response.status === 401 && !options.anonymous && token) {
    const outcome = await renewAfter401(token);
    if (outcome === 'refused') throw await toApiError(response);
    if (outcome === 'refreshed') {
      ({ token, response: pending } = attempt());
      response = await pending;
    }
  }

  if (!response.ok) throw await toApiError(response);
  return parse<T>(response, options.responseType);
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? undefined }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
