/**
 * `npm run bench`: the budgets of ARCHITECTURE.md, measured in one run on this machine.
 * - API: authenticated GET /api/roles against a bare Fastify hello-world (same process model,
 *   same connections); prints req/s, p99 and the ratio (budget: ≥ 40 %).
 * - Cluster: the same three routes against one instance of the cluster directly, then against
 *   two behind nginx (scripts/cluster/topology.ts; PostgreSQL, Redis and nginx needed); prints
 *   req/s of each, the ratio (goal: ≥ 1.6× on two cores) and the CPU each process used.
 * - Search: p95 of GET /searchables's query over 100 000 searchables (budget: < 30 ms).
 * - Documents: p95 of the document list's query over 10 000 documents (budget: < 30 ms).
 * - Forums: p95 of the forum thread list's query over 10 000 threads (budget: < 30 ms).
 * - Imports: 100 000 contracts with their customers in JSON batches of 5 000 (budget: < 60 s on
 *   PostgreSQL), the same again, all unchanged (< 30 s), the server's heap along the run (flat).
 * - Web: gzipped JavaScript the login routes load in Chromium (budget: ≤ 150 KB); LCP, requests
 *   and bytes transferred of the login, the intranet dashboard and a customer's contract page,
 *   cold and warm cache, desktop and a mid phone (150 ms, 1.6 Mbps, CPU ×4) (budgets: 1 s, 2.5 s).
 * - Screens: time to usable (content on the page, nothing loading) of every screen of the menus,
 *   cold and warm, desktop and phone (budgets: 1 s, 2.5 s), and opened from the menu (< 300 ms).
 * The database is PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is made in it),
 * otherwise the embedded PGlite in memory.
 *
 * Parts can be named to run only them: `node --import tsx bench/run.ts search` (api, cluster, search, documents, forums, imports, web, screens;
 * only `web` and `screens` need the built app). No name runs them all.
 */
import { runApiBench } from './api.js';
import { runClusterBench } from './cluster.js';
import { runDocumentsBench } from './documents.js';
import { runForumsBench } from './forums.js';
import { runImportsBench } from './imports.js';
import { runScreensBench } from './screens.js';
import { runSearchBench } from './search.js';
import { runWebBench } from './web.js';

const PARTS = {
  api: runApiBench,
  cluster: runClusterBench,
  search: runSearchBench,
  documents: runDocumentsBench,
  forums: runForumsBench,
  imports: runImportsBench,
  web: runWebBench,
  screens: runScreensBench,
} as const;

type Part = keyof typeof PARTS;
const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isPart(name));
if (unknown.length > 0) {
  console.error(`Partie inconnue : ${unknown.join(', ')} (au choix : ${Object.keys(PARTS).join(', ')})`);
  process.exit(2);
}
const selected = asked.length > 0 ? asked.filter(isPart) : (Object.keys(PARTS) as Part[]);

const lines: string[] = [];
for (const part of selected) lines.push(...(await PARTS[part]()));

console.log('\n══════════ Résultats ══════════');
for (const line of lines) console.log(line);
