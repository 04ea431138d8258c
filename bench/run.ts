/**
 * `npm run bench`: the budgets of ARCHITECTURE.md, measured in one run on this machine.
 * - API: authenticated GET /api/roles against a bare Fastify hello-world (same process model,
 *   same connections); prints req/s, p99 and the ratio (budget: ≥ 40 %).
 * - Web: gzipped JavaScript the login routes load in Chromium (budget: ≤ 150 KB).
 * The database is PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is made in it),
 * otherwise the embedded PGlite in memory.
 */
import { runApiBench } from './api.js';
import { runWebBench } from './web.js';

const api = await runApiBench();
const web = await runWebBench();

console.log('\n══════════ Résultats ══════════');
for (const line of [...api, ...web]) console.log(line);
