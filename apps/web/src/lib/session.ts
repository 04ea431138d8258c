import type { Area } from '@reseau/contracts/constants/auth';
import type { PermissionCode } from '@reseau/contracts/constants/permissions';
import { useSyncExternalStore } from 'react';
import {
  type ImpersonationRecord,
  readStoredSession,
  SESSION_KEYS,
  type SessionSnapshot,
  type StoredAgency,
  signedInTo,
} from './stored-session';

export { type ImpersonationRecord, SESSION_KEYS, type SessionSnapshot, type StoredAgency } from './stored-session';

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | null = null;

function writeJson(key: string, value: unknown) {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

function changed() {
  snapshot = null;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(SESSION_KEYS).includes(event.key as never)) reloadSession();
  });
}

/** Re-reads localStorage (another tab, or a test that reset it). */
export function reloadSession() {
  changed();
}

export function getSession(): SessionSnapshot {
  snapshot ??= readStoredSession();
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering when it changes. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** A user is signed in to an area when the stored token was issued for it and can be refreshed. */
export function isSignedIn(area: Area, session: SessionSnapshot = getSession()): boolean {
  return signedInTo(area, session);
}

/** A new sign-in: tokens replace everything left from a previous session. */
export function startSession(tokens: { accessToken: string; refreshToken: string }) {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  localStorage.setItem(SESSION_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_KEYS.refreshToken, tokens.refreshToken);
  changed();
}

/** A refresh: new tokens, same session. */
export function setTokens(tokens: { accessToken: string; refreshToken: string }) {
  localStorage.setItem(SESSION_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(SESSION_KEYS.refreshToken, tokens.refreshToken);
  changed();
}

/** Logout, or a refresh refused: tokens, permissions, impersonation, agencies all go. */
export function clearSession() {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
  changed();
}

export function setCurrentAgency(agency: StoredAgency | null) {
  writeJson(SESSION_KEYS.currentAgency, agency);
  changed();
}

export function setAgencies(agencies: StoredAgency[]) {
  writeJson(SESSION_KEYS.agencies, agencies);
  changed();
}

export function setPermissions(permissions: PermissionCode[]) {
  const current = getSession().permissions;
  if (current.length === permissions.length && current.every((p, i) => p === permissions[i])) return;
  writeJson(SESSION_KEYS.permissions, permissions);
  changed();
}

export function setImpersonation(record: ImpersonationRecord | null) {
  writeJson(SESSION_KEYS.impersonation, record);
  changed();
}
