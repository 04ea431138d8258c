import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The screens of an area's route table (src/app/<area>/routes.tsx), read from its source: each
 * `path: '…'` with the module its `lazy` imports, as landings for build/route-preload.ts. A page
 * opened on `/intranet/my-agency` then asks for its screen's code as it starts, instead of once
 * the entry, the shell and the table have run (about 0.4 s on a desktop, more on a phone).
 * A path with a parameter (`network-news/:id`) is a prefix key (`/intranet/network-news/`) when
 * one screen only has it; otherwise its screens are left to the router.
 */
export function areaScreens(root: string, area: 'intranet' | 'extranet', frame: string[]): Record<string, string[]> {
  const tableFile = join(root, 'src/app', area, 'routes.tsx');
  const source = readFileSync(tableFile, 'utf8');
  const routes = [...source.matchAll(/path: '([^']+)',[\s\S]*?import\('([^']+)'\)/g)].map(([, path, module]) => ({
    path: path as string,
    module: relative(root, resolve(join(root, 'src/app', area), `${module}.tsx`)),
  }));
  if (routes.length === 0) throw new Error(`area-screens: no route read in ${tableFile}`);
  const keys = new Map<string, string[]>();
  for (const { path, module } of routes) {
    const at = path.indexOf(':');
    const key = at < 0 ? `/${area}/${path}` : `/${area}/${path.slice(0, at)}`;
    keys.set(key, [...(keys.get(key) ?? []), module]);
  }
  return Object.fromEntries(
    [...keys].filter(([, modules]) => modules.length === 1).map(([key, modules]) => [key, [...frame, ...(modules as string[])]]),
  );
}
