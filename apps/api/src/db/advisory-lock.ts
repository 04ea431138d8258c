/**
 * Takes the session-level advisory lock of `name` unless this database already shows it granted.
 * The check matters on PGlite: its one connection is one session for the whole process, and a
 * session re-takes its own advisory lock (locks stack), so two holders there would both "get" it;
 * pg_locks tells them apart, and the single connection runs this statement whole. On PostgreSQL
 * pg_try_advisory_lock alone decides between sessions; the check changes nothing there.
 * A bigint key shows in pg_locks as its high half (classid) and low half (objid), objsubid 1.
 * Run on a connection held for the lock's life (Database.withConnection), released by UNLOCK there.
 */
export const TRY_LOCK = `select case when exists (
    select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 1
      and classid::bigint = ((hashtext($1)::bigint >> 32) & 4294967295)
      and objid::bigint = (hashtext($1)::bigint & 4294967295)
  ) then false else pg_try_advisory_lock(hashtext($1)) end as locked`;
export const UNLOCK = 'select pg_advisory_unlock(hashtext($1))';
