import { dropEarlyAfterWrite, earlyAnswer, takeEarly } from './early-answers';
import {
  buildUrl,
  headersFor,
  isBodyInit,
  parse,
  REQUEST_TIMEOUT_MS,
  type RequestOptions,
  send,
  toApiError,
  UPLOAD_TIMEOUT_MS,
} from './request';
import { renewAfter401 } from './session-refresh';

/*
 * The API client: `api.get/post/put/delete` with the session's token, one refresh then one retry
 * on a 401 (session-refresh.ts), and a landing screen's GETs answered by the requests its route
 * started early (early-answers.ts). What the client's callers used from this file before the split
 * is still exported from here.
 */
export { earlyAnswer, earlyAnswersRead, forgetEarly, startEarly, takeOverBootGets, untakenEarly } from './early-answers';
export { API_BASE, callerHeaders, REQUEST_TIMEOUT_MS, type RequestOptions, UPLOAD_TIMEOUT_MS } from './request';
export { renewAfter401, renewSession } from './session-refresh';

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
    queryFn: async ({ signal }: { signal?: AbortSignal }) => read(await api.get<Answer>(path, { query, signal })),
    initialData: () => {
      const answer = earlyAnswer<Answer>(path, query);
      return answer === undefined ? undefined : read(answer);
    },
  };
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

  if (method !== 'GET') dropEarlyAfterWrite();
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
  /** A DELETE may carry a body (`DELETE /me/second-factor/totp` takes its confirmation). */
  delete: <T>(path: string, options: Omit<RequestOptions, 'method'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
