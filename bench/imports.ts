import { AGENCY_API_KEY_HEADER, IMPORT_MAX_ITEMS, type ImportAnswer } from '@reseau/contracts';
import { signIn, startBenchServer } from './server.js';

/**
 * Issue 11's budget: 100 000 contracts with their customers imported through POST /imports in
 * JSON batches of 5 000 items on PostgreSQL under 60 s; the same run again (all `unchanged`) under
 * 30 s; the server's memory flat along the run. The server runs in this process: its heap is read
 * after each batch (the batches are made one at a time, so the bench holds one batch at most).
 */
const CONTRACTS = 100_000;
const PER_BATCH = IMPORT_MAX_ITEMS / 2; // each batch: its customers and their contracts
const BUDGET_FIRST_S = 60;
const BUDGET_AGAIN_S = 30;

function batch(n: number) {
  const items: unknown[] = [];
  for (let i = n * PER_BATCH; i < (n + 1) * PER_BATCH; i++) {
    const email = `bench-import-${i}@example.fr`;
    items.push(
      { type: 'client', externalRef: `CLI-${i}`, email, firstName: 'Camille', lastName: `Client ${i}` },
      {
        type: 'contract',
        externalRef: `CTR-${i}`,
        clientEmail: email,
        route: `${1 + (i % 200)} rue de la République`,
        postalCode: '69002',
        locality: 'Lyon',
        equipmentType: 'Chaudière gaz à condensation',
        equipmentModel: 'Vaillant ecoTEC plus',
        renewalDate: '2027-01-01',
        mobilePhoneNumber: `06${String(i).padStart(8, '0')}`,
      },
    );
  }
  return items;
}

const canCollect = typeof (globalThis as { gc?: unknown }).gc === 'function';
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} Mo`;

export async function runImportsBench(): Promise<string[]> {
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const { app, base, drop } = await startBenchServer(kind);
  try {
    const staff = await signIn(base, 'admin', 'admin@demo.fr');
    const made = await fetch(`${base}/api/agencies/1/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'Bench' }),
    });
    if (made.status !== 201) throw new Error(`key creation answered ${made.status}`);
    const { apiKey } = (await made.json()) as { apiKey: string };

    const run = async (expected: 'created' | 'unchanged') => {
      const heap: number[] = [];
      const started = performance.now();
      for (let n = 0; n < CONTRACTS / PER_BATCH; n++) {
        const res = await fetch(`${base}/api/imports`, {
          method: 'POST',
          headers: { [AGENCY_API_KEY_HEADER]: apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ items: batch(n) }),
        });
        if (!res.ok) throw new Error(`batch ${n} answered ${res.status}: ${await res.text()}`);
        const answer = (await res.json()) as ImportAnswer;
        const wrong = answer.results.find((r) => r.status !== expected);
        if (wrong) throw new Error(`batch ${n}: ${wrong.externalRef} ${wrong.status} (${JSON.stringify(wrong.errors)})`);
        // What is still held after a collection (node --expose-gc, as `npm run bench` starts it):
        // without it, the heap read is whatever garbage the collector has not got to yet.
        (globalThis as { gc?: () => void }).gc?.();
        heap.push(process.memoryUsage().heapUsed);
      }
      const seconds = (performance.now() - started) / 1000;
      // Flat: the heap after the last batches is about the heap after the first ones.
      const early = Math.max(...heap.slice(1, 5));
      const late = Math.max(...heap.slice(-4));
      return { seconds, early, late, rss: process.memoryUsage().rss };
    };

    const first = await run('created');
    const again = await run('unchanged');
    const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite (budget fixé pour PostgreSQL : BENCH_DATABASE_URL)';
    const verdict = (s: number, budget: number) => (s < budget ? `✓ < ${budget} s` : `✗ budget ${budget} s`);
    return [
      `Import (${label}) : ${CONTRACTS} contrats et leurs clients, lots de ${IMPORT_MAX_ITEMS} — ${first.seconds.toFixed(1)} s ${verdict(first.seconds, BUDGET_FIRST_S)}`,
      `Import, même envoi rejoué (tout inchangé) — ${again.seconds.toFixed(1)} s ${verdict(again.seconds, BUDGET_AGAIN_S)}`,
      `Import, tas du serveur${canCollect ? ' après ramasse-miettes' : ' (lecture bruitée : lancer node avec --expose-gc)'} : ${mb(first.early)} après les premiers lots, ${mb(first.late)} après les derniers (2e passe : ${mb(again.early)} → ${mb(again.late)}), RSS final ${mb(again.rss)}`,
    ];
  } finally {
    await app.close();
    await drop();
  }
}
