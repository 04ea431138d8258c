import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.js';
import { createPostgresSearchIndex, type SearchScope } from '../apps/api/src/integrations/search/index.js';
import { openBenchDatabase } from './server.js';

const ROWS = 100_000;
const QUERIES = 300;
const BUDGET_MS = 30;

// A French vocabulary with accents, drawn at random into titles (4 words) and bodies (40 words).
const WORDS = `chaudière chaudières pompe chaleur radiateur thermostat ballon eau chaude sanitaire entretien
  contrat dépannage urgence ramonage conduit fumée brûleur fioul gaz granulés bois poêle insert
  condensation rendement économie énergie facture devis intervention technicien agence adhérent réseau
  région formation sécurité norme réglementation certificat attestation garantie pièce détachée annonce
  offre emploi poste candidature expérience diplôme salaire mutuelle congés planning tournée véhicule
  client particulier copropriété syndic bailleur locataire propriétaire logement maison appartement
  immeuble chaufferie réseau circuit vanne circulateur vase expansion pression débit température
  sonde régulation programmation télécommande connecté application mobile portail espace document
  notice schéma plan photo vidéo tutoriel forum discussion question réponse solution panne erreur code
  alarme fuite corrosion tartre désembouage détartrage nettoyage révision contrôle mesure analyse
  combustion monoxyde carbone ventilation vmc climatisation split réversible froid hiver été saison
  aide prime subvention crédit impôt rénovation isolation audit diagnostic étiquette classe`
  .split(/\s+/)
  .filter(Boolean);
// What people type: one frequent word, an accent-free spelling, two words, a rare word, a phrase.
const SEARCHES = ['chaudiere', 'chaudières', 'pompe chaleur', 'desembouage', 'vase expansion', 'thermostat connecté', 'monoxyde'];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** 100 000 searchables of random French words (the same ones at each run: fixed seed), analysed. */
export async function seedSearchables(db: Db) {
  await db.execute(sql`select setseed(0.42)`);
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]::text[]`);
  const n = WORDS.length;
  // Bodies reference the outer row so that each row draws its own words.
  await db.execute(sql`
    insert into searchables (entity_type, entity_id, title, body, url, is_public, agency_id, region_id, read_permission)
    select (array['network_actuality','document_base_item','forum_thread','spare_part_announcement','job_offer'])[1 + i % 5],
           i,
           (select string_agg((${words})[1 + floor(random() * ${n})::int], ' ') from generate_series(1, 4) g where g > i * 0),
           (select string_agg((${words})[1 + floor(random() * ${n})::int], ' ') from generate_series(1, 40) g where g > i * 0),
           '/intranet/x/' || i, i % 3 <> 0, case when i % 7 = 0 then i % 50 end, case when i % 11 = 0 then 1 + i % 13 end,
           -- Forum threads and spare parts are read by a permission, as the modules index them.
           case i % 5 when 2 then (array['forum_adherent_administration','forum_tech_administration','forum_admin_administration','forum_ca_administration'])[1 + i % 4]
                      when 3 then 'spare_part_announcement_administration' end
    from generate_series(1, ${ROWS}) i`);
  await db.execute(sql`analyze searchables`);
}

/** Budget "Search: p95 under 30 ms with 100 000 searchables", on the configured database. */
/**
 * The search budget on the embedded PGlite, and on PostgreSQL too when BENCH_DATABASE_URL is set:
 * one line each, side by side (issue 10 asks for both in one run).
 */
export async function runSearchBench(): Promise<string[]> {
  const lines = await runSearchBenchOn('pglite');
  if (process.env.BENCH_DATABASE_URL) lines.push(...(await runSearchBenchOn('postgres')));
  return lines;
}

async function runSearchBenchOn(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const { database, drop } = await openBenchDatabase(kind);
  try {
    await database.migrate();
    const db = database.db;
    console.log(`Recherche : ${ROWS} entrées sur ${database.kind}…`);
    await seedSearchables(db);

    const index = createPostgresSearchIndex(db);
    const network: SearchScope = { includePrivate: true, agencyIds: null, adherentIds: null, regionIds: null };
    // A technician's key (roles 5, 6, 8 read public entries only) with its forum and spare-parts permissions.
    const adherent: SearchScope = {
      includePrivate: false,
      agencyIds: [3],
      adherentIds: [5],
      regionIds: [2],
      permissions: ['forum_tech_administration', 'spare_part_announcement_administration'],
    };
    for (const text of SEARCHES) await index.search({ text, scope: network, limit: 20, offset: 0 }); // warm-up
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const started = performance.now();
      await index.search({
        text: SEARCHES[i % SEARCHES.length]!,
        scope: i % 2 ? network : adherent,
        limit: 20,
        offset: 0,
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    return [
      `Recherche (${database.kind.padEnd(8)}, ${ROWS} entrées) : p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget < ${BUDGET_MS} ms) ${p95 < BUDGET_MS ? '✓' : '✗'}`,
    ];
  } finally {
    await database.close();
    await drop();
  }
}
