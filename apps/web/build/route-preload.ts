import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Landing pages and the source modules their first screen needs beyond the entry chunk. A key is
 * a path, or a path prefix when it ends with '/'; the longest key that fits wins.
 */
export type Landings = Record<string, string[]>;

/** The chunk files (JavaScript, then CSS) a module needs: its chunk and all it imports statically. */
function filesOf(bundle: OutputBundle, module: string, alreadyLoaded: Set<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(module));
  if (!start) throw new Error(`route-preload: no chunk for ${module} (renamed? update vite.config.ts)`);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (js.has(chunk.fileName) || alreadyLoaded.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) visit(next);
    }
  };
  visit(start);
  return [...js, ...css];
}

/** The files index.html already asks for: the entry and its static imports. */
function entryFiles(bundle: OutputBundle): Set<string> {
  const loaded = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    loaded.add(chunk.fileName);
    for (const file of chunk.imports) loaded.add(file);
  }
  return loaded;
}

/**
 * Adds to index.html a small script that asks, as the page starts, for the code of the screen the
 * address shows (`modulepreload`, `preload` for its CSS). Without it the browser learns of that
 * code only once the entry has run and the router has matched: one or two more round trips
 * (150 ms each on a phone) before the first screen.
 */
export function routePreload(landings: Landings): Plugin {
  return {
    name: 'reseau:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        const loaded = entryFiles(bundle);
        // Each file once, then each landing as indexes into that list: the page stays small.
        const files: string[] = [];
        const map: Record<string, number[]> = {};
        for (const [key, modules] of Object.entries(landings)) {
          const needed = new Set(modules.flatMap((m) => filesOf(bundle, m, loaded)));
          map[key] = [...needed].map((file) => {
            const at = files.indexOf(file);
            return at >= 0 ? at : files.push(file) - 1;
          });
        }
        // After the entry's own files, so that they are asked for first, but before the stylesheet:
        // a script placed after a stylesheet waits for it to arrive (≈ 1 s on a phone) before it
        // runs, and so would every request it starts.
        const at = html.indexOf('<link rel="stylesheet"');
        if (at < 0) throw new Error('route-preload: index.html has no stylesheet link');
        return `${html.slice(0, at)}<script>${preloadScript(files, map)}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/** The inline script: picks the longest key that fits the address, then adds one link per file. */
function preloadScript(files: string[], map: Record<string, number[]>): string {
  const names = files.map((f) => f.replace(/^assets\//, ''));
  return `(function(f,m){var p=location.pathname,b='';for(var k in m)if((p===k||(k.slice(-1)==='/'&&p.indexOf(k)===0))&&k.length>b.length)b=k;(m[b]||[]).forEach(function(i){var l=document.createElement('link'),c=/\\.css$/.test(f[i]);l.rel=c?'preload':'modulepreload';if(c)l.as='style';l.crossOrigin='';l.href='/assets/'+f[i];document.head.appendChild(l)})})(${JSON.stringify(names)},${JSON.stringify(map)})`;
}
