import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
const lap = (l: string, s: number) => console.log(l, Math.round(performance.now() - s), 'ms');
const tar = new Blob([readFileSync('/tmp/suite-template.tar')]);
let s = performance.now();
const c = await PGlite.create('memory://', { loadDataDir: tar, extensions: { unaccent } });
lap('load', s);
const tables = (await c.query<{ name: string }>(`select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`)).rows.map((r) => r.name);
for (let i = 0; i < 3; i++) {
  s = performance.now(); await c.exec('rollback'); await c.exec('discard all'); lap('discard', s);
  s = performance.now(); await c.exec(`begin; set local session_replication_role = replica; truncate ${tables.map((t) => `public."${t}"`).join(', ')} restart identity cascade; commit`); lap('truncate', s);
  s = performance.now(); await c.exec(`begin; set local session_replication_role = replica; delete from ${tables.map((t) => `public."${t}"`).join('; delete from ')}; commit`); lap('delete', s);
  s = performance.now(); await c.query(`select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relnamespace = 'public'::regnamespace`); lap('catalog q', s);
}
process.exit(0);
