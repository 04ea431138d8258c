import { IMPERSONATION_HEADER } from '@reseau/contracts/constants/permissions';
import type { SessionSnapshot } from '../lib/stored-session';

/*
 * The part of the API client that the page's boot script (boot/early-requests.ts) shares with it:
 * where the API is, how a caller is named, how a GET is sent ahead of its screen. Without React or
 * the session store, so that the boot script stays a few kilobytes.
 */

/** Request time-outs (spec 00 §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const API_BASE = '/api';

/** The headers that name the caller of `session`: its token, and whom an administrator acts as. */
export function callerHeadersOf(session: Pick<SessionSnapshot, 'accessToken' | 'impersonation'>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session.accessToken) headers.authorization = `Bearer ${session.accessToken}`;
  if (session.impersonation) headers[IMPERSONATION_HEADER] = String(session.impersonation.id);
  return headers;
}

/** A GET sent before its screen asks for it: its answer, or null when none came (a network error, the time-out). */
export interface SentGet {
  url: string;
  headers: Record<string, string>;
  /** When it was sent (Date.now()). */
  at: number;
  response: Promise<Response | null>;
}

/** Sends `GET url` now with `headers`, given up after REQUEST_TIMEOUT_MS. */
export function sendGet(url: string, headers: Record<string, string>): SentGet {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const response = fetch(url, { method: 'GET', headers, signal: controller.signal })
    .catch(() => null)
    .finally(() => clearTimeout(timer));
  return { url, headers, at: Date.now(), response };
}

/** Where the boot script leaves the GETs it sent, for the API client to take over (api/early-answers.ts). */
export const BOOT_GETS = '__reseauBootGets';

declare global {
  interface Window {
    [BOOT_GETS]?: SentGet[];
  }
}
