import pg from 'pg';

/**
 * What the global setup hands to each test file: the run's id, and either the PGlite tarball
 * (`pgliteTarball`, with the snapshot of its rows `pgliteSnapshot`, test/pglite-pool.ts) or the
 * PostgreSQL template database (`postgresTemplate`) to clone.
 */
export interface TestTemplate {
  runId: string;
  pgliteTarball?: string;
  pgliteSnapshot?: string;
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

/**
 * This run's databases on a shared PostgreSQL: the clones of one file each (the template they
 * are made from is shared by the runs of the same migrations, test/template-cache.ts). The run
 * id in every name lets the teardown drop this run's leftovers and nothing of another run going
 * on beside it.
 */
export const clonePrefix = (runId: string) => `t_${runId}_`;

/** The URL of the database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` on one short-lived connection to the maintenance database of `baseUrl`. */
export async function withAdmin<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
