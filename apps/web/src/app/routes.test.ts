import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { areaRoutes, routes } from './routes';

/** What `patchRoutesOnNavigation` is given for `path` by a router on the entry's routes. */
async function discover(path: string) {
  const patch = vi.fn<(routeId: string | null, children: RouteObject[]) => void>();
  const matches = matchRoutes(routes, path) ?? [];
  await areaRoutes({ path, matches: matches as never, patch, signal: new AbortController().signal, fetcherKey: undefined });
  return patch;
}

describe("the areas' lazy route tables", () => {
  it("adds the extranet's table for one of its screens that only the page-not-found route matches", async () => {
    const patch = await discover('/extranet/faq');
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]?.[0]).toBe('extranet');
    expect(patch.mock.calls[0]?.[1].map((r) => r.path)).toContain('faq');
  });

  it("adds the intranet's table for one of its screens", async () => {
    const patch = await discover('/intranet/network-news');
    expect(patch.mock.calls[0]?.[0]).toBe('intranet');
    expect(patch.mock.calls[0]?.[1].map((r) => r.path)).toContain('network-news');
  });

  it("does not wait for the extranet's table on a contract's page, which the entry's routes match in full", async () => {
    expect(await discover('/extranet/contract/12')).not.toHaveBeenCalled();
    expect(await discover('/extranet/contract/12/')).not.toHaveBeenCalled();
  });

  it('adds nothing outside the two areas', async () => {
    expect(await discover('/nowhere')).not.toHaveBeenCalled();
  });
});
