import { resolve } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The boot script's largest size (minified): it is inlined in every page, and must not pull in
 * React, the router or the UI kit by mistake (about 8 KB today, 2.5 KB gzip: the screens' paths
 * and access rules; React alone would be 190 KB).
 */
const MAX_BYTES = 12 * 1024;

/**
 * Inlines `entry` (src/boot/early-requests.ts), bundled on its own and minified, as the first
 * script of index.html's head: it runs as soon as the HTML is read, before the page's stylesheet
 * and scripts arrive (a script after a stylesheet waits for it). The page's content security
 * policy allows it by its hash, as every inline script of the page (apps/api web-app).
 */
export function bootScript(root: string, entry: string): Plugin {
  let code = '';
  return {
    name: 'reseau:boot-script',
    apply: 'build',
    async buildStart() {
      const bundle = await rolldown({
        input: resolve(root, entry),
        platform: 'browser',
        logLevel: 'silent',
        // The constants it reads are plain data: what it does not read is left out.
        treeshake: { moduleSideEffects: false },
      });
      try {
        const { output } = await bundle.generate({ format: 'iife', minify: true });
        code = output[0].code.trim();
      } finally {
        await bundle.close();
      }
      if (code.length > MAX_BYTES)
        this.error(`boot-script: ${entry} is ${code.length} bytes (> ${MAX_BYTES}): what did it import?`);
      if (code.includes('</script')) this.error(`boot-script: ${entry} contains "</script"`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const at = html.search(/<(script|link)\b/);
        if (at < 0) throw new Error('boot-script: index.html has no script nor link');
        return `${html.slice(0, at)}<script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
