/**
 * `npm run bench`: the budgets of ARCHITECTURE.md, measured in one run on this machine.
 * - API: authenticated GET /api/roles against a bare Fastify hello-world (same process model,
 *   same connections); prints req/s, p99 and the ratio (budget: ≥ 40 %).
 * - Search: p95 of GET /searchables's query over 100 000 searchables (budget: < 30 ms).
 * - Web: gzipped JavaScript the login routes load in Chromium (budget: ≤ 150 KB).
 * The database is PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is made in it),
 * otherwise the embedded PGlite in memory.
 */
import { runApiBench } from './api.js';
import { runSearchBench } from './search.js';
import { runWebBench } from './web.js';

const api = await runApiBench();
const search = await runSearchBench();
const web = await runWebBench();

console.log('\n══════════ Résultats ══════════');
for (const line of [...api, ...search, ...web]) console.log(line);
