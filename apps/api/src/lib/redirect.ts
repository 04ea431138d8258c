/**
 * Only a path of our own extranet may be a redirect target (no open redirect through a mail or
 * a provider page). Answers the path and query to go to, or undefined to use the default.
 */
export function safeRedirect(publicUrl: string, redirectUrl: string | undefined): string | undefined {
  if (!redirectUrl) return undefined;
  try {
    const base = new URL(publicUrl);
    const url = new URL(redirectUrl, base);
    if (url.origin !== base.origin || !url.pathname.startsWith('/extranet')) return undefined;
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}
