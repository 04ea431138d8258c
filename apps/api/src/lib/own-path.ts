/**
 * A URL the browser is sent to from a page of ours (a sandbox provider's page, its redirects):
 * one of our own pages (PUBLIC_URL's origin, or already a path) is answered as a path, so the
 * browser stays on the host it came from (a customer who opened the extranet on 127.0.0.1 is not
 * sent to `localhost`, whose storage holds no session, which signs them out). Any other URL is
 * answered whole.
 */
export function ownPath(publicUrl: string, url: string): string {
  const publicOrigin = new URL(publicUrl).origin;
  const target = new URL(url, publicOrigin);
  return target.origin === publicOrigin ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}
