import type { Area } from '@reseau/contracts/constants/auth';
import type { PermissionCode } from '@reseau/contracts/constants/permissions';
import { useSyncExternalStore } from 'react';
import { decodeToken, type TokenClaims, tokenArea } from './jwt';

/** Browser-stored session (spec 00 §3). One key each; logout clears them all. */
export const SESSION_KEYS = {
  accessToken: 'reseau.accessToken',
  refreshToken: 'reseau.refreshToken',
  currentAgency: 'reseau.currentAgency',
  agencies: 'reseau.agencies',
  permissions: 'reseau.permissions',
  impersonation: 'reseau.impersonation',
} as const;

/** The agency fields the shells keep at hand (a subset of the API's AgencySummary). */
export interface StoredAgency {
  id: number;
  name: string;
  city?: string | null;
  postalCode?: string | null;
  logoFileId?: number | null;
  logoFilePath?: string | null;
  adherentId?: number;
}

/** Set by an administrator who acts as an adherent user (spec 00 §4). `role` is the role id. */
export interface ImpersonationRecord {
  id: number;
  name: string;
  adherentId: number;
  role: number;
  regionId: number | null;
  /** The administrator's own current agency when it started, current again when it ends. */
  ownAgency?: StoredAgency | null;
}

export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  claims: TokenClaims | null;
  area: Area | null;
  currentAgency: StoredAgency | null;
  agencies: StoredAgency[];
  permissions: PermissionCode[];
  impersonation: ImpersonationRecord | null;
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | null = null;

function readJson<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, JSON.stringify(value));
}

function build(): SessionSnapshot {
  const accessToken = localStorage.getItem(SESSION_KEYS.accessToken);
  const claims = decodeToken(accessToken);
  return {
    accessToken,
    refreshToken: localStorage.getItem(SESSION_KEYS.refreshToken),
    claims,
    area: tokenArea(claims),
    currentAgency: readJson<StoredAgency | null>(SESSION_KEYS.currentAgency, null),
    agencies: readJson<StoredAgency[]>(SESSION_KEYS.agencies, []),
    permissions: readJson<PermissionCode[]>(SESSION_KEYS.permissions, []),
    impersonation: readJson<ImpersonationRecord | null>(SESSION_KEYS.impersonation, null),
  };
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
  snapshot ??= build();
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
  return Boolean(session.accessToken && session.refreshToken && session.area === area);
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
