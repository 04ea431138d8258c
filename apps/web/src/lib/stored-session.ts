import type { Area } from '@reseau/contracts/constants/auth';
import type { PermissionCode } from '@reseau/contracts/constants/permissions';
import { decodeToken, type TokenClaims, tokenArea } from './jwt';

/*
 * The session as the browser stores it, read without React: the page's boot script
 * (boot/early-requests.ts) reads it before any of the app's code has arrived. ./session.ts keeps
 * it current for the app and re-renders on its changes.
 */

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

function readJson<T>(key: string, fallback: T): T {
  const raw = localStorage.getItem(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** The stored session, read now. */
export function readStoredSession(): SessionSnapshot {
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

/** Signed in to `area`: the stored token was issued for it and can be refreshed. */
export function signedInTo(area: Area, session: SessionSnapshot): boolean {
  return Boolean(session.accessToken && session.refreshToken && session.area === area);
}
