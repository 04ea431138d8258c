/**
 * Navigation for code that lives outside React (the HTTP client, impersonation): the router
 * registers itself here; without a router the browser location is used.
 */
export interface AppNavigator {
  navigate: (to: string, options?: { replace?: boolean }) => unknown;
  /** The current in-app location: path, query and hash. */
  location: () => string;
}

let navigator: AppNavigator | null = null;

export function registerNavigator(next: AppNavigator | null) {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  if (navigator) void navigator.navigate(to, options);
  else window.location.assign(to);
}

export function currentLocation(): string {
  if (navigator) return navigator.location();
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** The area of an in-app path: `/intranet…` is the staff intranet, anything else the extranet. */
export function areaOfPath(path: string): 'intranet' | 'extranet' {
  return path.startsWith('/intranet') ? 'intranet' : 'extranet';
}

/** The login of an area, remembering where the visitor was going. */
export function loginPath(area: 'intranet' | 'extranet', origin?: string | null): string {
  const base = `/${area}/login`;
  const target = origin ? safeRedirect(origin, area) : `/${area}`;
  if (target === `/${area}` || target === `/${area}/`) return base;
  return `${base}?redirect=${encodeURIComponent(target)}`;
}

/** A remembered origin is followed only when it stays inside the same area of this site. */
export function safeRedirect(value: string | null, area: 'intranet' | 'extranet'): string {
  if (!value) return `/${area}`;
  if (!value.startsWith(`/${area}`) || value.startsWith('//') || value.includes('\\')) return `/${area}`;
  if (/^\/(intranet|extranet)\/(login|forgot-password|reset-password|verify-email)/.test(value)) return `/${area}`;
  return value;
}
