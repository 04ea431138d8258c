import { FORUMS, ROLES } from '@reseau/contracts';
import { sql } from 'drizzle-orm';
import type { AdminPrincipal } from '../apps/api/src/auth/principal.js';
import { seedReference } from '../apps/api/src/db/seed/reference.js';
import { listForumThreads } from '../apps/api/src/modules/forums/service.js';
import { openBenchDatabase, readContext } from './server.js';

const ROWS = 10_000;
const QUERIES = 300;
const BUDGET_MS = 30;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A caller of the given role, as the auth plugin builds it (permissions from the role table). */
function caller(roleId: number): AdminPrincipal {
  const role = ROLES.find((r) => r.id === roleId)!;
  return {
    kind: 'admin',
    adminId: 1,
    roleId,
    adminTypeId: role.adminTypeId,
    regionId: 1,
    adherentId: roleId > 3 ? 1 : null,
    permissions: new Set(role.permissions),
    agencyIds: roleId > 3 ? [1] : null,
    impersonatedBy: null,
    sessionId: null,
  };
}

/** 10 000 threads over the four forums and their themes, 20 authors in 10 agencies, some closed. */
async function seedThreads(db: Awaited<ReturnType<typeof openBenchDatabase>>['database']['db']) {
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into regions (id, name) values (1, 'Nord') on conflict do nothing`);
  await db.execute(sql`insert into adherents (name, region_id) values ('Adhérent', 1)`);
  await db.execute(sql`insert into agencies (name, city, postal_code, adherent_id)
    select 'Agence ' || i, 'Lille', '59000', 1 from generate_series(1, 10) i`);
  await db.execute(sql`insert into admins (email_address, password_hash, first_name, last_name, role_id, region_id, adherent_id)
    select 'auteur' || i || '@bench.fr', 'x', 'Prénom', 'Nom ' || i, 1 + i % 9, 1, 1 from generate_series(1, 20) i`);
  await db.execute(sql`
    insert into forum_threads (forum_id, forum_theme_id, title, content, agency_id, author_id, is_closed,
                               publication_date, last_update_date, number_of_answers)
    select f, t.id, 'Sujet ' || i || ' chaudière ' || (i % 97), '<p>Message ' || i || ' sur la pompe à chaleur ' || (i % 89) || '</p>',
           1 + i % 10, 1 + i % 20, i % 7 = 0,
           now() - (i || ' hours')::interval, now() - ((i % 5000) || ' minutes')::interval, i % 12
    from generate_series(1, ${ROWS}) i
    cross join lateral (select 1 + i % 4 as f) forum
    cross join lateral (select id from forum_themes where forum_id = f order by id offset (i % 2) limit 1) t`);
  await db.execute(sql`analyze forum_threads`);
}

/** Budget: GET /forum-threads's queries (page and count) at 10 000 threads, p95 under 30 ms. */
export async function runForumsBench(): Promise<string[]> {
  const { database, drop } = await openBenchDatabase();
  try {
    await database.migrate();
    const db = database.db;
    await db.transaction((tx) => seedReference(tx));
    console.log(`Forums : ${ROWS} sujets sur ${database.kind}…`);
    await seedThreads(db);
    const network = caller(1);
    const technician = caller(6);
    const base = { pageNumber: 1, pageSize: 10 };
    const queries = [
      { who: network, query: { ...base, forumId: 1 } },
      { who: network, query: { ...base, forumId: 2, forumThemeId: 5 } },
      { who: technician, query: { ...base, forumId: 2, isClosed: true } },
      { who: network, query: { ...base } },
      { who: network, query: { ...base, forumId: 3, pageNumber: 40 } },
      { who: technician, query: { ...base, forumId: 2, search: 'chaudière 42' } },
    ];
    for (const { who, query } of queries) await listForumThreads(readContext(db, who), query); // warm-up
    const times: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const { who, query } = queries[i % queries.length]!;
      const started = performance.now();
      await listForumThreads(readContext(db, who), query);
      times.push(performance.now() - started);
    }
    if (process.env.BENCH_DETAIL) {
      // Which index each filter's page reads (the plan, whatever the machine's load).
      for (const where of ['forum_id = 1', 'forum_theme_id = 5', 'forum_id = 2 and is_closed', 'forum_id in (1, 2, 3, 4)']) {
        const plan = await db.execute(
          sql.raw(`explain analyze select id from forum_threads where ${where} order by last_update_date desc, id desc limit 10`),
        );
        const lines = (plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]);
        console.log(where, '→', lines.filter((l) => /Scan|Execution/.test(l ?? '')).join(' | '));
      }
      for (const { who, query } of queries) {
        const each: number[] = [];
        for (let n = 0; n < 30; n++) {
          const started = performance.now();
          await listForumThreads(readContext(db, who), query);
          each.push(performance.now() - started);
        }
        each.sort((a, b) => a - b);
        console.log(JSON.stringify(query), percentile(each, 50).toFixed(1), percentile(each, 95).toFixed(1));
      }
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    return [
      `Sujets du forum (${database.kind.padEnd(8)}, ${ROWS} sujets, ${FORUMS.length} forums) : p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget < ${BUDGET_MS} ms) ${p95 < BUDGET_MS ? '✓' : '✗'}`,
    ];
  } finally {
    await database.close();
    await drop();
  }
}
