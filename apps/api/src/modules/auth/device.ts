import { SESSION_MESSAGES, SESSION_USER_AGENT_MAX } from '@reseau/contracts';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';

/** Where a sign-in comes from, as the session keeps it for "Mes connexions". */
export interface SessionDevice {
  /** The User-Agent header, trimmed to SESSION_USER_AGENT_MAX; null when none was sent. */
  userAgent: string | null;
  /** The client address (`request.ip`: the socket's unless TRUST_PROXY names the proxies). */
  ipAddress: string;
}

export function sessionDeviceOf(request: FastifyRequest): SessionDevice {
  const header = request.headers['user-agent']?.trim();
  return { userAgent: header ? header.slice(0, SESSION_USER_AGENT_MAX) : null, ipAddress: request.ip };
}

/** Browser names as bowser spells them, where French users call them otherwise. */
const BROWSER_NAMES: Record<string, string> = {
  'Microsoft Edge': 'Edge',
  'Samsung Internet for Android': 'Samsung Internet',
  'Opera Touch': 'Opera',
};

/**
 * "Chrome sur Windows", "Safari sur iPhone": the browser's family and the system (the Apple
 * device on iOS, where the system name says less). No version: a browser updating itself every
 * month is the same device. This label is also what "a device the account never used" compares
 * (docs/decisions.md).
 */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return SESSION_MESSAGES.unknownDevice;
  const { browser, os, platform } = Bowser.parse(userAgent);
  const name = browser.name ? (BROWSER_NAMES[browser.name] ?? browser.name) : null;
  const system = os.name === 'iOS' && platform.model ? platform.model : os.name;
  if (name && system) return `${name} sur ${system}`;
  return name ?? system ?? SESSION_MESSAGES.unknownDevice;
}
