import { IMPERSONATION_HEADER } from '@reseau/contracts/constants/permissions';
import { BOOT_GETS, type SentGet, sendGet } from './early-gets';
import { buildUrl, headersFor, type RequestOptions } from './request';

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
  return keep(sendGet(url, headers)).read;
}

/** Keeps `sent` for the call that will ask for it, its body read as it lands. */
function keep(sent: SentGet): EarlyGet {
  const entry: EarlyGet = { caller: callerKey(sent.headers), at: sent.at, response: sent.response, read: Promise.resolve() };
  // A copy of the body is read: the response itself stays whole for a call that takes it first.
  entry.read = sent.response
    .then(async (answer) => {
      if (answer?.status === 200) entry.answer = await answer.clone().json();
    })
    .catch(() => {});
  early.set(sent.url, entry);
  return entry;
}

/**
 * The GETs the page's boot script sent before this code arrived (boot/early-requests.ts): kept as
 * if a route had started them, so that the routes' loaders find them started and the screens take
 * their answers.
 */
export function takeOverBootGets(): void {
  if (typeof window === 'undefined') return;
  for (const sent of window[BOOT_GETS]?.splice(0) ?? []) if (!early.has(sent.url)) keep(sent);
}
takeOverBootGets();

/** The early GET of `url` that a call by `headers`' caller may take, taken; or nothing. */
function takeEntry(url: string, headers: Record<string, string>, when: (entry: EarlyGet) => boolean): EarlyGet | null {
  const found = early.get(url);
  if (!found || !when(found)) return null;
  early.delete(url);
  return found.caller === callerKey(headers) && Date.now() - found.at <= EARLY_TTL_MS ? found : null;
}

export function takeEarly(url: string, headers: Record<string, string>): Promise<Response | null> | null {
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

/** A write may change what an early answer says: none of them is taken after it. */
export function dropEarlyAfterWrite(): void {
  early.clear();
}
